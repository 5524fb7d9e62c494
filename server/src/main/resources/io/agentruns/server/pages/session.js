// Follows an active run on its session page: appends transcript entries rendered by the server
// and updates the status; stops when the run reaches a final state. Served from our origin only
// (CSP script-src 'self'); every fragment it inserts was escaped by the server's renderer.
(function () {
  "use strict";
  var body = document.body;
  var stream = body.getAttribute("data-stream");
  if (!stream || !window.EventSource) { return; }
  var events = document.getElementById("events");
  var live = document.getElementById("live");
  var lastSeq = parseInt(body.getAttribute("data-last-seq") || "0", 10);
  if (live) {
    live.textContent = "";
    var dot = document.createElement("span");
    dot.className = "dot";
    live.appendChild(dot);
    live.appendChild(document.createTextNode(" Live: following this run"));
  }
  var source = new EventSource(stream + (stream.indexOf("?") < 0 ? "?" : "&") + "after=" + lastSeq);

  function replace(id, html) {
    var old = document.getElementById(id);
    if (!old || !html) { return; }
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.firstElementChild;
    if (fresh) { old.replaceWith(fresh); }
  }

  source.onmessage = function (message) {
    var update;
    try { update = JSON.parse(message.data); } catch (e) { return; }
    if (update.seq > lastSeq && update.html && !document.getElementById("ev-" + update.seq)) {
      events.insertAdjacentHTML("beforeend", update.html);
      lastSeq = update.seq;
      body.setAttribute("data-last-seq", String(lastSeq));
    }
    if (update.status_html) { replace("run-status", update.status_html); }
    if (update.state) { body.setAttribute("data-state", update.state); }
    if (update.final) {
      source.close();
      if (update.outcome_html) { replace("outcome", update.outcome_html); }
      if (live) { live.hidden = true; }
    }
  };
  source.addEventListener("end", function () { source.close(); });
  source.onerror = function () {
    if (live) { live.classList.add("reconnecting"); }
  };
  source.onopen = function () {
    if (live) { live.classList.remove("reconnecting"); }
  };
})();
