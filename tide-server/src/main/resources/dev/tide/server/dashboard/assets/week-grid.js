// The week grid: selecting cells fills the entry form (add or change) with the selection's days and hours. With the
// mouse: drag, or click then shift-click. From the keyboard the grid is one tab stop (a roving tabindex, as in the ARIA
// grid pattern): the arrow keys move, Home/End go to the row's ends, Ctrl+Home/End to the grid's, Shift with any of
// them extends the selection, Enter or Space fills the form and goes to its limit, Escape clears the selection.
// Only an improvement: the form works alone, and the engine judges what it is sent.
(function () {
  "use strict";

  var anchor = null; // the cell a selection starts from
  var focused = null; // the cell that holds the grid's tab stop
  var dragging = false;

  function position(cell) {
    return { col: cell.cellIndex, row: cell.parentElement.rowIndex };
  }

  // The cell at a row and column of the table, kept inside the grid's cells (rows 1 to 24, columns 1 to 7).
  function cellAt(table, row, col) {
    var last = table.rows.length - 1;
    var r = table.rows[Math.max(1, Math.min(last, row))];
    return r.cells[Math.max(1, Math.min(r.cells.length - 1, col))];
  }

  function selected(table) {
    return table.querySelectorAll("td.cell.selected");
  }

  function select(table, from, to) {
    var a = position(from);
    var b = position(to);
    var top = Math.min(a.row, b.row);
    var bottom = Math.max(a.row, b.row);
    var left = Math.min(a.col, b.col);
    var right = Math.max(a.col, b.col);
    var days = {};
    var names = [];
    var first = null;
    var last = null;
    table.querySelectorAll("td.cell").forEach(function (cell) {
      var p = position(cell);
      var inside = p.row >= top && p.row <= bottom && p.col >= left && p.col <= right;
      cell.classList.toggle("selected", inside);
      cell.setAttribute("aria-selected", inside ? "true" : "false");
      if (inside) {
        var day = cell.getAttribute("data-day");
        if (!days[day]) {
          days[day] = true;
          names.push(table.rows[0].cells[p.col].firstChild.textContent.trim());
        }
        if (p.row === top && first === null) {
          first = cell.getAttribute("data-from");
        }
        if (p.row === bottom) {
          last = cell.getAttribute("data-until");
        }
      }
    });
    fill(days, first, last);
    say(names.join(", ") + ", " + first + " to " + last + " selected: Enter fills the form.");
  }

  function clear(table) {
    selected(table).forEach(function (cell) {
      cell.classList.remove("selected");
      cell.setAttribute("aria-selected", "false");
    });
    say("");
  }

  // What is selected, in words, for everyone (the line under the grid is a polite live region).
  function say(text) {
    var line = document.getElementById("grid-selection");
    if (line) {
      line.textContent = text;
    }
  }

  function fill(days, from, until) {
    var form = document.getElementById("entry-form");
    if (!form) {
      return;
    }
    form.querySelectorAll('input[name="day"]').forEach(function (box) {
      box.checked = !!days[box.value];
    });
    document.getElementById("e-from").value = from;
    document.getElementById("e-until").value = until;
    // the cells are hours of the grid's zone: the times are read in it
    document.getElementById("e-zone").value = form.querySelector('input[name="gridZone"]').value;
  }

  function toForm() {
    var limit = document.getElementById("e-perhour");
    if (limit) {
      limit.focus();
    }
  }

  // Moves the tab stop (and the focus) to a cell.
  function focus(cell, scroll) {
    if (focused) {
      focused.tabIndex = -1;
    }
    cell.tabIndex = 0;
    cell.focus({ preventScroll: !scroll });
    focused = cell;
  }

  // The cell a key leads to from the focused one; null for a key the grid does not take.
  function target(table, event) {
    var p = position(focused);
    switch (event.key) {
      case "ArrowUp":
        return cellAt(table, p.row - 1, p.col);
      case "ArrowDown":
        return cellAt(table, p.row + 1, p.col);
      case "ArrowLeft":
        return cellAt(table, p.row, p.col - 1);
      case "ArrowRight":
        return cellAt(table, p.row, p.col + 1);
      case "Home":
        return event.ctrlKey ? cellAt(table, 1, 1) : cellAt(table, p.row, 1);
      case "End":
        return event.ctrlKey ? cellAt(table, table.rows.length - 1, 99) : cellAt(table, p.row, 99);
      default:
        return null;
    }
  }

  function onKey(table, event) {
    if (!focused || event.altKey || event.metaKey) {
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!focused.classList.contains("selected")) {
        anchor = focused;
        select(table, focused, focused);
      }
      toForm();
      return;
    }
    if (event.key === "Escape") {
      clear(table);
      anchor = focused;
      return;
    }
    var next = target(table, event);
    if (!next) {
      return;
    }
    event.preventDefault();
    if (event.shiftKey) {
      if (anchor === null) {
        anchor = focused;
      }
      select(table, anchor, next);
    } else {
      clear(table);
      anchor = next;
    }
    focus(next, true);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var table = document.querySelector('table.week-grid[data-selectable="yes"]');
    if (!table) {
      return;
    }
    // Made a grid here, not in the page: without this script the cells are a plain table, and nothing to operate.
    table.setAttribute("role", "grid");
    table.setAttribute("aria-multiselectable", "true");
    var cells = table.querySelectorAll("td.cell");
    cells.forEach(function (cell) {
      cell.tabIndex = -1;
      cell.setAttribute("aria-selected", "false");
    });
    // the tab stop starts on the hour in force now when the week shows it, else on Monday 00:00
    focused = table.querySelector("td.cell.now") || cells[0];
    focused.tabIndex = 0;
    anchor = focused;

    table.addEventListener("keydown", function (event) {
      onKey(table, event);
    });
    table.addEventListener("focusin", function (event) {
      var cell = event.target.closest("td.cell");
      if (cell && cell !== focused) {
        focus(cell, false);
      }
    });
    table.addEventListener("mousedown", function (event) {
      var cell = event.target.closest("td.cell");
      if (!cell) {
        return;
      }
      event.preventDefault();
      if (!event.shiftKey || anchor === null) {
        anchor = cell;
      }
      dragging = true;
      focus(cell, false);
      select(table, anchor, cell);
    });
    table.addEventListener("mouseover", function (event) {
      var cell = event.target.closest("td.cell");
      if (dragging && cell) {
        select(table, anchor, cell);
      }
    });
    document.addEventListener("mouseup", function () {
      if (dragging) {
        dragging = false;
        toForm();
      }
    });
  });
})();
