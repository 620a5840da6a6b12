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
      }]
    }
  };
  const bytes = v => v == null ? '' : v >= 1 << 30 ? (v / (1 << 30)).toFixed(1) + ' GiB'
      : v >= 1 << 20 ? (v / (1 << 20)).toFixed(0) + ' MiB' : v >= 1024 ? (v / 1024).toFixed(0) + ' KiB' : String(v);
  const pct = v => v == null ? '' : (v * 100).toFixed(0) + ' %';
  BRINK.charts.forEach(c => {
    const el = document.createElement('div');
    el.className = 'chart';
    el.id = 'chart-' + c.id;
    root.appendChild(el);
    const fmt = c.unit === 'bytes' ? bytes : c.unit === 'share of all cores' ? pct : null;
    const opts = {
      title: c.title, width: width, height: 220, plugins: [timePlugin],
      scales: { x: { time: true } },
      series: [{}].concat(c.series.map(s => ({
        label: s.label, stroke: s.color, width: s.label === 'soak trend' ? 2.5 : 1.5, dash: s.label === 'soak trend' ? [8, 4] : undefined,
        spanGaps: c.id !== 'gc', points: { show: c.id === 'gc' }, value: fmt ? (u, v) => fmt(v) : undefined }))),
      axes: [{}, { label: c.unit, values: fmt ? (u, vals) => vals.map(fmt) : undefined, size: 70 }]
    };
    new uPlot(opts, [c.x].concat(c.series.map(s => s.values)), el);
  });
  document.body.setAttribute('data-charts', String(BRINK.charts.length));
})();
