// Loaded first: any script error (in uPlot or the page's own script) is written into the page (#errors), so a
// person sees it and a headless check of the DOM (--dump-dom) finds it without a debugging protocol.
window.onerror = function (msg, src, line) {
  const el = document.getElementById('errors');
  const text = 'script error: ' + msg + ' (line ' + line + ')\n';
  if (el) { el.textContent += text; el.hidden = false; } else { document.documentElement.setAttribute('data-error', text); }
};
