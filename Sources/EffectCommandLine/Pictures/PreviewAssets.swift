/// The fixed parts of the preview page: its style, controls and script.
///
/// The script only looks frames up: a column's value at offset o is the
/// straight line between the breakpoints around o; the drawn frame is the
/// layout frame scaled about its anchor (``DrawnView/drawnFrame``).
enum PreviewAssets {
  static let css = """
    body { font: 13px/1.4 -apple-system, Helvetica, Arial, sans-serif; margin: 16px; color: #222; }
    h1 { font-size: 15px; margin: 0 0 10px; font-weight: 600; }
    #stage { display: flex; gap: 20px; align-items: flex-start; }
    [data-viewport] { position: relative; overflow: hidden; background: #f4f4f4;
      outline: 1.5px solid #222; flex: none; touch-action: none; cursor: grab; user-select: none; }
    [data-viewport].dragging { cursor: grabbing; }
    [data-view] { position: absolute; box-sizing: border-box; }
    [data-view] > .face { position: absolute; inset: 0; box-sizing: border-box;
      border: 1.5px solid var(--c); background: color-mix(in srgb, var(--c) 45%, transparent); }
    [data-view].viewport > .face { border-style: dashed; border-width: 2px;
      background: repeating-linear-gradient(45deg,
        color-mix(in srgb, var(--c) 35%, transparent) 0 6px, rgba(0,0,0,0.18) 6px 9px); }
    [data-view] > span { position: absolute; left: 6px; top: 3px; font-size: 12px;
      color: #111; white-space: nowrap; pointer-events: none; }
    #panel { min-width: 300px; }
    #panel table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
    #panel td { padding: 1px 8px 1px 0; }
    #panel td.n { text-align: right; }
    #offset-value { font-size: 22px; font-weight: 600; }
    #slider { width: 300px; }
    .legend span { display: inline-block; width: 20px; height: 11px; margin-right: 4px;
      vertical-align: -1px; border: 1.5px solid #4e79a7; background: rgba(78,121,167,0.45); }
    .legend span.vp { border-style: dashed; background: repeating-linear-gradient(45deg,
      rgba(78,121,167,0.35) 0 4px, rgba(0,0,0,0.18) 4px 6px); }
    button { margin: 2px 4px 2px 0; }

    """

  static let body = """
    <div id="stage">
    <div data-viewport id="viewport"></div>
    <div id="panel">
    <div>offset <span id="offset-value">0</span></div>
    <div>phase: <span id="phase">at rest</span></div>
    <div><input id="slider" type="range" aria-label="offset"></div>
    <div class="legend"><span></span>scrolls with the content &nbsp; \
    <span class="vp"></span>attached to the viewport</div>
    <p>Scroll with the wheel, drag the viewport, or move the slider.
    Open with <code>#offset=O</code> to show offset O.</p>
    <div id="gestures"></div>
    <h2 style="font-size:13px;margin:12px 0 4px">view under the pointer: <span id="hover-name">none</span></h2>
    <table id="hover-values"></table>
    </div>
    </div>

    """

  static let script = """
    "use strict";
    const data = JSON.parse(document.getElementById("frames").textContent);
    const columns = data.columns;
    const col = {};
    columns.forEach((name, i) => { col[name] = i; });
    const viewport = document.getElementById("viewport");
    viewport.style.width = data.viewport.width + "px";
    viewport.style.height = data.viewport.height + "px";
    const elements = data.views.map((view) => {
      const element = document.createElement("div");
      element.dataset.view = view.name;
      element.className = view.attachment;
      element.style.setProperty("--c", view.color);
      const face = document.createElement("div");
      face.className = "face";
      const label = document.createElement("span");
      label.textContent = view.name;
      // The label is beside the face, not in it, so that a blur leaves it legible.
      element.appendChild(face);
      element.appendChild(label);
      viewport.appendChild(element);
      return element;
    });
    const slider = document.getElementById("slider");
    slider.min = data.offsets.min;
    slider.max = data.offsets.max;
    slider.step = data.offsets.step;
    // The value of one column at offset o: the line between the breakpoints around o.
    function lookUp(c, o) {
      if (typeof c === "number") return c;
      const n = c.length / 2;
      if (o <= c[0]) return c[1];
      if (o >= c[2 * n - 2]) return c[2 * n - 1];
      let lo = 0, hi = n - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (c[2 * mid] <= o) lo = mid; else hi = mid;
      }
      const o0 = c[2 * lo], v0 = c[2 * lo + 1], o1 = c[2 * hi], v1 = c[2 * hi + 1];
      return v0 + (v1 - v0) * (o - o0) / (o1 - o0);
    }
    let current = { offset: 0, phase: "", values: [] };
    let hovered = -1;
    function phaseOf(o) {
      if (o < 0) return "pulled down " + round(-o);
      if (o > data.maxOffset) return "pulled up " + round(o - data.maxOffset);
      if (o === 0) return "at rest";
      return "scrolled " + round(o) + " of " + round(data.maxOffset);
    }
    function round(v) { return Math.round(v * 100) / 100; }
    // Draws the frame whose per-view column values are `values`.
    function draw(offset, phase, values) {
      current = { offset, phase, values };
      const order = values.map((v, i) => i).sort((a, b) =>
        values[a][col.zIndex] - values[b][col.zIndex] || a - b);
      order.forEach((viewIndex, rank) => { elements[viewIndex].style.zIndex = rank; });
      values.forEach((v, i) => {
        const e = elements[i];
        const w = v[col.width], h = v[col.height];
        const sx = v[col.scaleX], sy = v[col.scaleY], ax = v[col.anchorX], ay = v[col.anchorY];
        const left = v[col.x] + ax * w * (1 - sx), top = v[col.y] + ay * h * (1 - sy);
        e.style.left = left + "px";
        e.style.top = top + "px";
        e.style.width = (w * sx) + "px";
        e.style.height = (h * sy) + "px";
        e.style.opacity = v[col.opacity];
        const face = e.firstChild;
        face.style.transformOrigin = (ax * 100) + "% " + (ay * 100) + "%";
        face.style.transform = v[col.rotation] ? "rotate(" + v[col.rotation] + "deg)" : "";
        face.style.filter = v[col.blur] > 0 ? "blur(" + v[col.blur] + "px)" : "";
      });
      placeLabels(order, values);
      document.getElementById("offset-value").textContent = round(offset);
      document.getElementById("phase").textContent = phase;
      showHovered();
    }
    // Each label at the top-left of its view's visible part, moved down a line
    // while it would cover a label placed before it (drawing order), as the
    // filmstrip does (LabelPlacement).
    const labelWidths = elements.map((e) => e.lastChild.offsetWidth);
    function placeLabels(order, values) {
      const placed = [];
      const height = data.viewport.height;
      for (const i of order) {
        const v = values[i], label = elements[i].lastChild;
        const sy = v[col.scaleY], h = v[col.height] * sy;
        const left = v[col.x] + v[col.anchorX] * v[col.width] * (1 - v[col.scaleX]);
        const top = v[col.y] + v[col.anchorY] * v[col.height] * (1 - sy);
        if (top + h <= 0 || top >= height || v[col.opacity] < 0.1) {
          label.style.display = "none";
          continue;
        }
        label.style.display = "";
        const x = Math.max(0, left) + 6, first = Math.max(0, top) + 3;
        const bottom = Math.min(top + h, height), w = labelWidths[i];
        const overlaps = (y) => placed.some((b) =>
          x < b[2] && b[0] < x + w && y < b[3] && b[1] < y + 14);
        let y = first;
        while (overlaps(y)) {
          y += 15;
          if (y + 15 > bottom) { y = first; break; }
        }
        placed.push([x, y, x + w, y + 14]);
        label.style.left = (x - left) + "px";
        label.style.top = (y - top) + "px";
      }
    }
    function valuesAt(o) {
      return data.views.map((view) => view.c.map((c) => lookUp(c, o)));
    }
    function show(o) {
      o = Math.min(Math.max(o, data.offsets.min), data.offsets.max);
      slider.value = o;
      draw(o, phaseOf(o), valuesAt(o));
    }
    function showHovered() {
      const name = document.getElementById("hover-name");
      const table = document.getElementById("hover-values");
      if (hovered < 0 || !current.values[hovered]) {
        name.textContent = "none";
        table.textContent = "";
        return;
      }
      name.textContent = data.views[hovered].name + " (" + data.views[hovered].attachment + ")";
      const v = current.values[hovered];
      table.innerHTML = columns.map((c, i) =>
        "<tr><td>" + c + "</td><td class=n>" + round(v[i]).toFixed(2) + "</td></tr>").join("");
    }
    viewport.addEventListener("pointermove", (event) => {
      if (dragging) return;
      const hit = document.elementsFromPoint(event.clientX, event.clientY)
        .map((e) => e.closest("[data-view]")).find((e) => e && viewport.contains(e));
      const index = hit ? elements.indexOf(hit) : -1;
      if (index !== hovered) { hovered = index; showHovered(); }
    });
    viewport.addEventListener("pointerleave", () => { hovered = -1; showHovered(); });
    viewport.addEventListener("wheel", (event) => {
      event.preventDefault();
      stopGesture();
      show(current.offset + event.deltaY);
    }, { passive: false });
    let dragging = null;
    viewport.addEventListener("pointerdown", (event) => {
      stopGesture();
      dragging = { y: event.clientY, offset: current.offset };
      viewport.setPointerCapture(event.pointerId);
      viewport.classList.add("dragging");
    });
    viewport.addEventListener("pointermove", (event) => {
      // Dragging the content up scrolls down, as a finger does.
      if (dragging) show(dragging.offset - (event.clientY - dragging.y));
    });
    const endDrag = () => { dragging = null; viewport.classList.remove("dragging"); };
    viewport.addEventListener("pointerup", endDrag);
    viewport.addEventListener("pointercancel", endDrag);
    slider.addEventListener("input", () => { stopGesture(); show(Number(slider.value)); });
    // Gestures: each plays its frames at their times; the last frame stays shown.
    let playing = null;
    function stopGesture() {
      if (playing) { cancelAnimationFrame(playing.request); playing = null; }
    }
    function play(gesture) {
      stopGesture();
      document.body.dataset.gesture = "playing:" + gesture.name;
      const start = performance.now();
      const step = (now) => {
        const t = (now - start) / 1000;
        let i = 0;
        while (i + 1 < gesture.frames.length && gesture.frames[i + 1].t <= t) i++;
        const frame = gesture.frames[i];
        slider.value = frame.offset;
        draw(frame.offset, frame.phase, frame.v);
        if (i + 1 < gesture.frames.length) {
          playing.request = requestAnimationFrame(step);
        } else {
          playing = null;
          document.body.dataset.gesture = "done:" + gesture.name;
        }
      };
      playing = { request: requestAnimationFrame(step) };
    }
    const gestureBox = document.getElementById("gestures");
    data.gestures.forEach((gesture) => {
      const button = document.createElement("button");
      button.textContent = "\\u25B6 " + gesture.name;
      button.dataset.gesture = gesture.name;
      button.addEventListener("click", () => play(gesture));
      gestureBox.appendChild(button);
    });
    function fromHash() {
      const match = /^#offset=(-?[0-9.eE+-]+)$/.exec(location.hash);
      return match && isFinite(Number(match[1])) ? Number(match[1]) : null;
    }
    window.addEventListener("hashchange", () => {
      const o = fromHash();
      if (o !== null) { stopGesture(); show(o); }
    });
    const initial = fromHash();
    show(initial === null ? 0 : initial);
    // For the browser check's load figure: milliseconds from navigation to the first frame drawn.
    document.body.dataset.drawnAt = Math.round(performance.now());
    document.body.dataset.ready = "true";

    """
}
