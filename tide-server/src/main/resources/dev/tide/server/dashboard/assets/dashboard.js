// Tide's dashboard: the little script the pages need, and nothing evaluated (the Content-Security-Policy allows
// scripts from this site only, htmx runs without eval). Everything here is an improvement: every page and form works
// without it.
(function () {
  "use strict";

  // Changes made by htmx carry the session's CSRF token, as forms carry it in a hidden field.
  document.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="tide-csrf"]');
    if (meta) {
      event.detail.headers["X-CSRF-Token"] = meta.content;
    }
  });

  // A live region stops refreshing while the person is choosing something inside it.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var live = event.detail.elt;
    if (live && live.id === "live" && live.contains(document.activeElement) && document.activeElement !== live) {
      event.preventDefault();
    }
  });

  // Forms that change many things ask first, in their own words (data-confirm).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });

  var COLOURS = ["#2f6f9f", "#c0392b", "#7f8c8d", "#27ae60"];

  function drawCharts(root) {
    if (typeof Chart === "undefined") {
      return;
    }
    root.querySelectorAll("canvas[data-chart]").forEach(function (canvas) {
      if (canvas.chart) {
        canvas.chart.destroy();
      }
      var spec = JSON.parse(canvas.getAttribute("data-chart"));
      canvas.chart = new Chart(canvas, {
        type: spec.type || "bar",
        data: {
          labels: spec.labels,
          datasets: spec.series.map(function (s, i) {
            return { label: s.label, data: s.data, backgroundColor: COLOURS[i % COLOURS.length],
              borderColor: COLOURS[i % COLOURS.length] };
          })
        },
        options: { animation: false, responsive: true, maintainAspectRatio: false,
          scales: { y: { beginAtZero: true } } }
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { drawCharts(document); });
  document.addEventListener("htmx:afterSettle", function (event) { drawCharts(event.detail.elt); });
})();
