/// The fixed parts of the preview page: its style, controls and script.
///
/// The script only looks frames up: a column's value at offset o is the
/// straight line between the breakpoints around o; the drawn frame is the
/// layout frame scaled about its anchor (``DrawnView/drawnFrame``).
enum PreviewAssets {
  static let css = """
    body { font: 13px/1.4 -apple-system, Helvetica, Arial, sans-serif; margin: 16px; color: #222; }
    h1 { font-size: 15px; margin: 0 0 10px; font-weight: 600; }
    /* The panel goes beside the viewport where the window has room, under it
       where not; the viewport keeps its size (CSS px = points). */
    #stage { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }
    [data-viewport] { position: relative; overflow: hidden; background: #f4f4f4;
      outline: 1.5px solid #222; flex: none; touch-action: none; cursor: grab; user-select: none; }
    [data-viewport].dragging { cursor: grabbing; }
    [data-viewport]:focus-visible { outline: 3px solid #1a73e8; }
    [data-view].chosen { outline: 2px solid #111; outline-offset: 1px; }
    [data-view] { position: absolute; box-sizing: border-box; }
    [data-view] > .face { position: absolute; inset: 0; box-sizing: border-box;
      border: 1.5px solid var(--c); background: color-mix(in srgb, var(--c) 45%, transparent); }
    [data-view].viewport > .face { border-style: dashed; border-width: 2px;
      background: repeating-linear-gradient(45deg,
        color-mix(in srgb, var(--c) 35%, transparent) 0 6px, rgba(0,0,0,0.18) 6px 9px); }
    #labels { position: absolute; inset: 0; pointer-events: none; }
    #labels > span { position: absolute; left: 6px; top: 3px; font-size: 12px;
      color: #111; white-space: nowrap; }
    #panel { flex: 1 1 300px; min-width: 0; max-width: 520px; box-sizing: border-box; }
    #panel table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
    #panel td { padding: 1px 8px 1px 0; }
    #panel td.n { text-align: right; }
    #offset-value { font-size: 22px; font-weight: 600; }
    #slider { width: 300px; max-width: 100%; }
    .legend span { display: inline-block; width: 20px; height: 11px; margin-right: 4px;
      vertical-align: -1px; border: 1.5px solid #4e79a7; background: rgba(78,121,167,0.45); }
    .legend span.vp { border-style: dashed; background: repeating-linear-gradient(45deg,
      rgba(78,121,167,0.35) 0 4px, rgba(0,0,0,0.18) 4px 6px); }
    button { margin: 2px 4px 2px 0; }
    /* A phone: the viewport from the window's left edge, so that one as wide
       as the screen is seen whole. */
    @media (max-width: 480px) { body { margin: 8px 0; } h1, #panel { padding: 0 8px; } }

    """

  static let body = """
    <div id="stage">
    <div data-viewport id="viewport" tabindex="0" role="group"></div>
    <div id="panel">
    <div>offset <span id="offset-value">0</span></div>
    <div aria-live="polite" aria-atomic="true">phase: <span id="phase">at rest</span></div>
    <div><input id="slider" type="range" aria-label="offset"></div>
    <div id="sampling"></div>
    <div class="legend"><span></span>scrolls with the content &nbsp; \
    <span class="vp"></span>attached to the viewport</div>
    <div id="direction"></div>
    <p>Scroll with the wheel, drag the viewport, or move the slider.
    Open with <code>#offset=O</code> to show offset O.</p>
    <div id="gestures"></div>
    <p>Click or tap a view, or Tab to the viewport and press the arrow keys,
    to keep its values in the table; Escape lets it go.</p>
    <h2 style="font-size:13px;margin:12px 0 4px" aria-live="polite"><span id="hover-how">view \
    under the pointer</span>: <span id="hover-name">none</span></h2>
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
    viewport.setAttribute("aria-label", "viewport, " + data.viewport.width + " by " +
      data.viewport.height + " points, " + data.views.length + " views: " +
      "the arrow keys choose one, whose values the table shows");
    // A horizontal scene scrolls along x; a right-to-left one is the mirror
    // image, its content moving right as the offset grows.
    const sideways = data.axis === "horizontal";
    const mirrored = sideways && data.layoutDirection === "rightToLeft";
    if (sideways) {
      document.getElementById("direction").textContent = "scrolls sideways, " +
        (mirrored ? "right to left" : "left to right") + ": the content moves " +
        (mirrored ? "right" : "left") + " as the offset grows";
    }
    const elements = data.views.map((view) => {
      const element = document.createElement("div");
      element.dataset.view = view.name;
      element.className = view.attachment;
      element.style.setProperty("--c", view.color);
      const face = document.createElement("div");
      face.className = "face";
      element.appendChild(face);
      viewport.appendChild(element);
      return element;
    });
    // The labels in a layer of their own above every view, as the
    // filmstrip draws them: a view's opacity, blur or place in the drawing
    // order leaves its name legible.
    const layer = document.createElement("div");
    layer.id = "labels";
    // Above the views, whose ranks in the drawing order are 0 to n - 1.
    layer.style.zIndex = elements.length;
    viewport.appendChild(layer);
    const labels = data.views.map((view) => {
      const label = document.createElement("span");
      label.textContent = view.name;
      layer.appendChild(label);
      return label;
    });
    // The slider steps through the sampled offsets, one a step: each, the
    // first and the last included, is shown exactly. data.samples holds
    // them as runs start, step, count: the k-th is start + k * step.
    const samples = [];
    for (let r = 0; r < data.samples.length; r += 3) {
      const start = data.samples[r], by = data.samples[r + 1], count = data.samples[r + 2];
      for (let k = 0; k < count; k++) samples.push(start + k * by);
    }
    const slider = document.getElementById("slider");
    slider.min = 0;
    slider.max = samples.length - 1;
    slider.step = 1;
    // The position of the sample nearest o.
    function nearestSample(o) {
      let lo = 0, hi = samples.length - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (samples[mid] <= o) lo = mid; else hi = mid;
      }
      return Math.abs(samples[hi] - o) < Math.abs(o - samples[lo]) ? hi : lo;
    }
    // Values between two sampled offsets are the straight line between
    // theirs: exact where the samples are 1 apart, not where they are wider.
    if (data.offsets.gap > 1) {
      document.getElementById("sampling").textContent = "sampled up to " +
        round(data.offsets.gap) + " points apart: values between samples are " +
        "interpolated (--offsets A:B:1 samples every point)";
    }
    // Right to left, the slider runs as the scene's scroll bar would: from the right.
    if (mirrored) slider.dir = "rtl";
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
    // The view under the pointer, and the one chosen by a click, a tap or
    // the arrow keys: the table shows the first, or else the second.
    let hovered = -1;
    let chosen = -1;
    function phaseOf(o) {
      if (o < 0) return data.pullWords.start + " " + round(-o);
      if (o > data.maxOffset) return data.pullWords.end + " " + round(o - data.maxOffset);
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
        const sx = v[col.scaleX], sy = v[col.scaleY], ax = v[col.anchorX], ay = v[col.anchorY];
        // The box drawn; a negative scale flips it about the anchor, which
        // then lies at 1 - anchor of the flipped box.
        const box = drawnBox(v);
        e.style.left = box[0] + "px";
        e.style.top = box[1] + "px";
        e.style.width = box[2] + "px";
        e.style.height = box[3] + "px";
        e.style.opacity = v[col.opacity];
        const face = e.firstChild;
        face.style.transformOrigin = ((sx < 0 ? 1 - ax : ax) * 100) + "% " +
          ((sy < 0 ? 1 - ay : ay) * 100) + "%";
        face.style.transform = v[col.rotation] ? "rotate(" + v[col.rotation] + "deg)" : "";
        face.style.filter = v[col.blur] > 0 ? "blur(" + v[col.blur] + "px)" : "";
      });
      placeLabels(order, values);
      document.getElementById("offset-value").textContent = round(offset);
      document.getElementById("phase").textContent = phase;
      slider.value = nearestSample(offset);
      // The slider's value is a sample's position: it is read out as the offset and the phase.
      slider.setAttribute("aria-valuetext", "offset " + round(offset) + ", " + phase);
      showHovered();
    }
    // Each label at the top-left of its view's visible part: the drawn frame
    // within the viewport, less the views drawn above it that span it across
    // (none where that leaves less than the label); moved down a line while
    // it would cover a label placed before it (drawing
    // order), as the filmstrip does (LabelPlacement). Right to left, the
    // mirror image: each at the top-right, placed in mirrored coordinates.
    const labelWidths = labels.map((label) => label.offsetWidth);
    // Measured, each is hidden until placed.
    labels.forEach((label) => { label.style.display = "none"; });
    // The box a view is drawn in: its frame scaled about its anchor, a
    // negative scale's flipped frame as the box it covers.
    function drawnBox(v) {
      const w = v[col.width] * v[col.scaleX], h = v[col.height] * v[col.scaleY];
      const x = v[col.x] + v[col.anchorX] * v[col.width] * (1 - v[col.scaleX]);
      const y = v[col.y] + v[col.anchorY] * v[col.height] * (1 - v[col.scaleY]);
      return [Math.min(x, x + w), Math.min(y, y + h), Math.abs(w), Math.abs(h)];
    }
    function visiblePart(f, covers, width, height, labelWidth) {
      // A cover of no area (scaled to 0) covers nothing.
      covers = covers.filter((c) => c[2] > 0 && c[3] > 0);
      let left = Math.max(f[0], 0), right = Math.min(f[0] + f[2], width);
      let top = Math.max(f[1], 0), bottom = Math.min(f[1] + f[3], height);
      let trimmed = true;
      while (trimmed && left < right && top < bottom) {
        trimmed = false;
        for (const c of covers) {
          const cr = c[0] + c[2], cb = c[1] + c[3];
          // A cover that spans the part splits it; the larger piece stays.
          if (c[1] <= top && cb >= bottom && c[0] < right && cr > left) {
            if (c[0] - left >= right - cr) right = c[0]; else left = cr;
            trimmed = true;
          }
          if (left < right && c[0] <= left && cr >= right && c[1] < bottom && cb > top) {
            if (c[1] - top >= bottom - cb) bottom = c[1]; else top = cb;
            trimmed = true;
          }
        }
      }
      if (!(left < right && top < bottom)) return null;
      // Cut (by more than a rounding's width) too narrow or too short for the label.
      if (right - left < f[2] - 0.01 && right - left < labelWidth + 6) return null;
      // A label takes 19 points: its 3-point inset and 16 of 12-point text.
      if (bottom - top < f[3] - 0.01 && bottom - top < 19) return null;
      if (top + 19 > height) return null;
      return [left, top, right, bottom];
    }
    // Only the views that can have a label or cover one are placed: opaque
    // enough (0.1) and reaching into the viewport (a view wholly outside
    // covers nothing of the part inside). More of them than the filmstrip
    // labels (500): none is labelled, as in the filmstrip, since placing each
    // label under every later view costs their square. The labels shown
    // before are hidden again, not every view's.
    const maximumLabelledViews = 500;
    let labelled = [];
    function placeLabels(order, values) {
      const placed = [];
      const width = data.viewport.width, height = data.viewport.height;
      const candidates = [], drawn = [];
      for (const i of order) {
        if (values[i][col.opacity] < 0.1) continue;
        const f = drawnBox(values[i]);
        if (f[0] < width && f[0] + f[2] > 0 && f[1] < height && f[1] + f[3] > 0) {
          candidates.push(i);
          drawn.push(f);
        }
      }
      const shown = [];
      if (candidates.length <= maximumLabelledViews) {
        candidates.forEach((i, rank) => {
          const label = labels[i];
          const covers = drawn.slice(rank + 1);
          const w = labelWidths[i];
          const part = visiblePart(drawn[rank], covers, width, height, w);
          if (!part) return;
          const leading = mirrored ? width - part[2] : part[0];
          // A view narrower than its name at the trailing edge: the viewport
          // would cut the name.
          if (leading + 6 + w > width) return;
          const x = leading + 6;
          const first = part[1] + 3, bottom = part[3];
          const overlaps = (y) => placed.some((b) =>
            x < b[2] && b[0] < x + w && y < b[3] && b[1] < y + 14);
          let y = first;
          while (overlaps(y)) {
            y += 15;
            if (y + 16 > bottom) { y = first; break; }
          }
          placed.push([x, y, x + w, y + 14]);
          label.style.left = (mirrored ? width - x - w : x) + "px";
          label.style.top = y + "px";
          label.style.display = "";
          shown.push(i);
        });
      }
      const now = new Set(shown);
      for (const i of labelled) if (!now.has(i)) labels[i].style.display = "none";
      labelled = shown;
    }
    function valuesAt(o) {
      return data.views.map((view) => view.c.map((c) => lookUp(c, o)));
    }
    function show(o) {
      o = Math.min(Math.max(o, data.offsets.min), data.offsets.max);
      draw(o, phaseOf(o), valuesAt(o));
    }
    function showHovered() {
      const name = document.getElementById("hover-name");
      const table = document.getElementById("hover-values");
      const shown = hovered >= 0 ? hovered : chosen;
      document.getElementById("hover-how").textContent =
        hovered >= 0 || chosen < 0 ? "view under the pointer" : "chosen view";
      if (shown < 0 || !current.values[shown]) {
        name.textContent = "none";
        table.textContent = "";
        return;
      }
      name.textContent = data.views[shown].name + " (" + data.views[shown].attachment + ")";
      const v = current.values[shown];
      table.innerHTML = columns.map((c, i) =>
        "<tr><td>" + c + "</td><td class=n>" + round(v[i]).toFixed(2) + "</td></tr>").join("");
    }
    viewport.addEventListener("pointermove", (event) => {
      if (dragging) return;
      const index = viewAt(event.clientX, event.clientY);
      if (index !== hovered) { hovered = index; showHovered(); }
    });
    viewport.addEventListener("pointerleave", () => { hovered = -1; showHovered(); });
    function choose(index) {
      if (chosen >= 0) elements[chosen].classList.remove("chosen");
      chosen = index;
      if (chosen >= 0) elements[chosen].classList.add("chosen");
      showHovered();
    }
    // The topmost view at a point of the window, or -1.
    function viewAt(x, y) {
      const hit = document.elementsFromPoint(x, y)
        .map((e) => e.closest("[data-view]")).find((e) => e && viewport.contains(e));
      return hit ? elements.indexOf(hit) : -1;
    }
    // The arrow keys step through the views in the page's order; Home and
    // End go to the first and the last; Escape lets the chosen one go.
    viewport.addEventListener("keydown", (event) => {
      const last = elements.length - 1;
      const next = {
        ArrowDown: Math.min(chosen + 1, last), ArrowRight: Math.min(chosen + 1, last),
        ArrowUp: chosen < 0 ? last : Math.max(chosen - 1, 0),
        ArrowLeft: chosen < 0 ? last : Math.max(chosen - 1, 0),
        Home: 0, End: last, Escape: -1,
      }[event.key];
      if (next === undefined || elements.length === 0) return;
      event.preventDefault();
      hovered = -1;
      choose(next);
    });
    // A vertical scene scrolls with the wheel's deltaY. A sideways one with
    // its deltaX (a scroll to the right moves a left-to-right scene forward and
    // a right-to-left one back), or with deltaY where that is the larger, as a
    // mouse with one wheel gives: down goes forward in either direction.
    function wheelDelta(event) {
      if (!sideways || Math.abs(event.deltaY) > Math.abs(event.deltaX)) return event.deltaY;
      return mirrored ? -event.deltaX : event.deltaX;
    }
    // The wheel scrubs while the offset can move its way; at the end of the
    // offsets it goes to the page, which then scrolls to what is past a
    // viewport taller than the window.
    viewport.addEventListener("wheel", (event) => {
      const delta = wheelDelta(event);
      if (delta === 0 || (delta < 0 && current.offset <= data.offsets.min) ||
          (delta > 0 && current.offset >= data.offsets.max)) return;
      event.preventDefault();
      stopGesture();
      show(current.offset + delta);
    }, { passive: false });
    // How far a drag has moved the content toward its end, as a finger does:
    // up in a vertical scene, left in a left-to-right one, right in a
    // right-to-left one.
    function dragged(event) {
      if (!sideways) return dragging.y - event.clientY;
      const dx = event.clientX - dragging.x;
      return mirrored ? dx : -dx;
    }
    let dragging = null;
    viewport.addEventListener("pointerdown", (event) => {
      stopGesture();
      dragging = { x: event.clientX, y: event.clientY, offset: current.offset, past: 0 };
      viewport.setPointerCapture(event.pointerId);
      viewport.classList.add("dragging");
    });
    // A finger that drags past the end of the offsets scrolls the page by
    // the rest, as a nested scroll view hands on its scroll: on a touch
    // screen the viewport may fill the window (touch-action: none keeps
    // the browser from scrolling it).
    viewport.addEventListener("pointermove", (event) => {
      if (!dragging) return;
      const target = dragging.offset + dragged(event);
      show(target);
      if (event.pointerType !== "touch") return;
      const past = target - current.offset;
      const by = past - dragging.past;
      dragging.past = past;
      if (by !== 0) window.scrollBy(sideways ? (mirrored ? -by : by) : 0, sideways ? 0 : by);
    });
    const endDrag = () => { dragging = null; viewport.classList.remove("dragging"); };
    // A press that has not moved (a click, a tap) chooses the view under it.
    viewport.addEventListener("pointerup", (event) => {
      if (dragging && Math.abs(event.clientX - dragging.x) < 4 &&
          Math.abs(event.clientY - dragging.y) < 4) {
        choose(viewAt(event.clientX, event.clientY));
      }
      endDrag();
    });
    viewport.addEventListener("pointercancel", endDrag);
    slider.addEventListener("input", () => { stopGesture(); show(samples[Number(slider.value)]); });
    // Gestures: each plays its frames at their times; the last frame stays shown.
    // body's data-gesture says playing:NAME, then done:NAME, or stopped:NAME
    // where a wheel, drag, slider, #offset= or another gesture cut it short.
    let playing = null;
    function stopGesture() {
      if (!playing) return;
      cancelAnimationFrame(playing.request);
      document.body.dataset.gesture = "stopped:" + playing.name;
      playing = null;
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
        draw(frame.offset, frame.phase, frame.v);
        if (i + 1 < gesture.frames.length) {
          playing.request = requestAnimationFrame(step);
        } else {
          playing = null;
          document.body.dataset.gesture = "done:" + gesture.name;
        }
      };
      playing = { name: gesture.name, request: requestAnimationFrame(step) };
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
