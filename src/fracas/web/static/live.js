// The live socket: the one place that knows its protocol (src/fracas/web/live.py).
// "state" (the first message of every socket, and after an undo or another process's change)
// is drawn as it is: the view and the latest log. "step" is applied as it comes: its view
// replaces the one shown and its lines (the new steps' only) are appended to the log, without
// reading anything. A step that does not follow the version the page shows ("after") means
// something was missed: the page reads the state again (GET), holding later messages until it
// has it. "estimate" (an estimate's progress) is not this page's; a message of a form this page
// does not know makes it read the state again. A page closed for falling behind (4408)
// reconnects, and its new socket's first message brings the state.

import { BASE, call } from "./api.js";

/**
 * Keep `onState({version, view, log, appended})` fed for as long as the page is open
 * (`appended`: `log` holds only the lines to add to those shown, else it replaces them).
 * `onStatus(text, kind)` tells the connection's state (kind: online, offline, closed);
 * `onClosed(reason)` is called when the link is gone for good (revoked, replaced, deleted).
 */
export function connect({ onState, onStatus, onClosed, leaving }) {
  let delay = 500;
  let shown = -1; // the version the page shows
  let held = null; // messages that came while the state was being read again (null: none read)

  function show(state) {
    shown = state.version;
    onState(state);
  }

  async function resync() {
    if (held) return; // already reading
    held = [];
    try {
      const seat = await call("GET", "", undefined, "reading the fight");
      show({ version: seat.version, view: seat.view, log: seat.log, waiting: seat.waiting });
    } catch (error) {
      onStatus(error.message, "offline");
    }
    const later = held;
    held = null;
    for (const data of later) take(data);
  }

  function take(data) {
    if (held && data && data.type !== "estimate") {
      held.push(data);
    } else if (data && data.type === "state" && data.view && Array.isArray(data.log)) {
      show({ version: data.version, view: data.view, log: data.log });
    } else if (data && data.type === "step" && data.view && Array.isArray(data.log)) {
      if (data.version <= shown) return; // shown already (read with the state)
      if (data.after !== shown) resync(); // a step was missed
      else show({ version: data.version, view: data.view, log: data.log, appended: true });
    } else if (!data || data.type !== "estimate") {
      resync(); // a message this page does not know: read it all again
    } // an estimate's progress: the pages that show one read it with the estimate's GET
  }

  function open() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + BASE + "/live");
    socket.addEventListener("open", () => {
      delay = 500;
      onStatus("live", "online");
    });
    socket.addEventListener("message", (message) => {
      let data = null;
      try {
        data = JSON.parse(message.data);
      } catch {
        data = null;
      }
      take(data);
    });
    socket.addEventListener("close", (event) => {
      if (leaving()) return;
      if (event.code === 4403 || event.code === 4410 || event.code === 4404) {
        onStatus("closed: " + event.reason, "closed");
        onClosed(event.reason);
        return;
      }
      onStatus("reconnecting…", "offline");
      setTimeout(() => {
        delay = Math.min(delay * 2, 10000);
        open(); // its first message is the state
      }, delay);
    });
  }

  open();
}
