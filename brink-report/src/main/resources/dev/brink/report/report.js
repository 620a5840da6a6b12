// Draws every chart of BRINK.charts with uPlot on one shared time axis, load steps shaded as bands.
(function () {
  const root = document.getElementById('charts');
  const width = Math.max(600, Math.min(1068, root.clientWidth || 1068));
  const bandsPlugin = {
    hooks: {
      drawClear: [u => {
        const ctx = u.ctx;
        ctx.save();
        BRINK.bands.forEach((b, i) => {
          const x0 = u.valToPos(b[0], 'x', true), x1 = u.valToPos(b[1], 'x', true);
          ctx.fillStyle = i % 2 ? 'rgba(0,0,0,0.035)' : 'rgba(31,119,180,0.06)';
          ctx.fillRect(x0, u.bbox.top, Math.max(1, x1 - x0), u.bbox.height);
        });
        ctx.restore();
      }]
    }
  };
  const bytes = v => v == null ? '' : v >= 1 << 30 ? (v / (1 << 30)).toFixed(1) + ' GiB'
      : v >= 1 << 20 ? (v / (1 << 20)).toFixed(0) + ' MiB' : v >= 1024 ? (v / 1024).toFixed(0) + ' KiB' : String(v);
  BRINK.charts.forEach(c => {
    const el = document.createElement('div');
    el.className = 'chart';
    el.id = 'chart-' + c.id;
    root.appendChild(el);
    const yValues = c.unit === 'bytes' ? (u, vals) => vals.map(bytes) : undefined;
    const opts = {
      title: c.title, width: width, height: 220, plugins: [bandsPlugin],
      scales: { x: { time: true } },
      series: [{}].concat(c.series.map(s => ({ label: s.label, stroke: s.color, width: 1.5, spanGaps: c.id !== 'gc',
        points: { show: c.id === 'gc' } }))),
      axes: [{}, { label: c.unit, values: yValues, size: 70 }]
    };
    new uPlot(opts, [c.x].concat(c.series.map(s => s.values)), el);
  });
  document.body.setAttribute('data-charts', String(BRINK.charts.length));
})();
