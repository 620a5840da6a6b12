// Draws every chart of BRINK.charts with uPlot on one shared time axis: load steps shaded as bands, method
// phases as a labelled strip on top, moments (evidence, target died) as dashed lines.
(function () {
  const root = document.getElementById('charts');
  const width = Math.max(600, Math.min(1068, root.clientWidth || 1068));
  const phaseColors = { capacity: 'rgba(31,119,180,0.55)', confirm: 'rgba(44,160,44,0.55)', soak: 'rgba(148,103,189,0.55)' };
  const timePlugin = {
    hooks: {
      drawClear: [u => {
        const ctx = u.ctx;
        ctx.save();
        BRINK.bands.forEach((b, i) => {
          const x0 = u.valToPos(b[0], 'x', true), x1 = u.valToPos(b[1], 'x', true);
          ctx.fillStyle = /warmup/.test(b[2]) ? 'rgba(0,0,0,0.06)' : i % 2 ? 'rgba(0,0,0,0.025)' : 'rgba(31,119,180,0.07)';
          ctx.fillRect(x0, u.bbox.top, Math.max(1, x1 - x0), u.bbox.height);
        });
        ctx.restore();
      }],
      draw: [u => {
        const ctx = u.ctx;
        ctx.save();
        ctx.font = Math.round(10 * devicePixelRatio) + 'px sans-serif';
        ctx.textBaseline = 'top';
        const h = 12 * devicePixelRatio;
        BRINK.phases.forEach(p => {
          const x0 = Math.max(u.bbox.left, u.valToPos(p[0], 'x', true));
          const x1 = Math.min(u.bbox.left + u.bbox.width, u.valToPos(p[1], 'x', true));
          if (x1 <= x0) return;
          const name = p[2].replace(/ \(cut\)$/, '');
          ctx.fillStyle = phaseColors[name] || 'rgba(127,127,127,0.5)';
          ctx.fillRect(x0, u.bbox.top, x1 - x0, h);
          ctx.fillStyle = '#fff';
          if (x1 - x0 > 40 * devicePixelRatio) ctx.fillText(p[2], x0 + 3, u.bbox.top + 1);
        });
        ctx.strokeStyle = '#555';
        ctx.setLineDash([4, 3]);
        BRINK.marks.forEach(m => {
          const x = u.valToPos(m[0], 'x', true);
          if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return;
          ctx.beginPath();
          ctx.moveTo(x, u.bbox.top + h);
          ctx.lineTo(x, u.bbox.top + u.bbox.height);
          ctx.stroke();
        });
        ctx.restore();
        if (selfCheck) countDrawn(u);
      }]
    }
  };
  // report.html#selfcheck: each chart counts the canvas pixels in its series' colours into data-drawn, so a
  // headless browser's --dump-dom proves every chart was really drawn. Off by default: it reads the canvas back.
  const selfCheck = location.hash === '#selfcheck';
  const rgb = hex => [1, 3, 5].map(i => parseInt(hex.substr(i, 2), 16));
  function countDrawn(u) {
    const colors = u.series.slice(1).map(s => rgb(u._brinkColors[u.series.indexOf(s) - 1]));
    const b = u.bbox;
    const img = u.ctx.getImageData(b.left, b.top, b.width, b.height).data;
    let n = 0;
    for (let i = 0; i < img.length; i += 4) {
      if (colors.some(c => Math.abs(img[i] - c[0]) < 24 && Math.abs(img[i + 1] - c[1]) < 24 && Math.abs(img[i + 2] - c[2]) < 24)) n++;
    }
    u.root.parentNode.setAttribute('data-drawn', String(n));
  }
  const bytes = v => v == null ? '' : v >= 1 << 30 ? (v / (1 << 30)).toFixed(1) + ' GiB'
      : v >= 1 << 20 ? (v / (1 << 20)).toFixed(0) + ' MiB' : v >= 1024 ? (v / 1024).toFixed(0) + ' KiB' : String(v);
  const pct = v => v == null ? '' : (v * 100).toFixed(0) + ' %';
  // one time axis for every chart: the whole run, whatever each file covers
  let xMin = Infinity, xMax = -Infinity;
  BRINK.charts.forEach(c => { if (c.x.length) { xMin = Math.min(xMin, c.x[0]); xMax = Math.max(xMax, c.x[c.x.length - 1]); } });
  BRINK.bands.concat(BRINK.phases).forEach(b => { xMin = Math.min(xMin, b[0]); xMax = Math.max(xMax, b[1]); });
  if (!(xMax > xMin)) { xMin = xMin - 1; xMax = xMin + 2; }
  BRINK.charts.forEach(c => {
    const el = document.createElement('div');
    el.className = 'chart';
    el.id = 'chart-' + c.id;
    root.appendChild(el);
    const fmt = c.unit === 'bytes' ? bytes : c.unit === 'share of all cores' ? pct : null;
    const opts = {
      title: c.title, width: width, height: 220, plugins: [timePlugin],
      scales: { x: { time: true, range: () => [xMin, xMax] } },
      cursor: { sync: { key: 'brink-time' } },
      series: [{}].concat(c.series.map(s => ({
        label: s.label, stroke: s.color, width: s.label === 'soak trend' ? 2.5 : 1.5, dash: s.label === 'soak trend' ? [8, 4] : undefined,
        spanGaps: c.id !== 'gc', points: { show: c.id === 'gc' }, value: fmt ? (u, v) => fmt(v) : undefined }))),
      axes: [{}, { label: c.unit, values: fmt ? (u, vals) => vals.map(fmt) : undefined, size: 70 }]
    };
    const u = new uPlot(opts, [c.x].concat(c.series.map(s => s.values)), el);
    u._brinkColors = c.series.map(s => s.color);
  });
  document.body.setAttribute('data-charts', String(BRINK.charts.length));
})();
