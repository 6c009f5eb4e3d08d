// The live socket: the one place that knows its protocol.
// A message of type "state" with a view and a log is drawn as it is; "estimate" (an estimate's
// progress) is not this page's. Any other message ("step": only what changed; or a form this
// page does not know) makes the page read the whole state again through the API, so it is never
// left showing something stale. A page closed for falling behind (4408) reconnects.

import { BASE, call } from "./api.js";

/**
 * Keep `onState({version, view, log})` fed for as long as the page is open.
 * `onStatus(text, kind)` tells the connection's state (kind: online, offline, closed);
 * `onClosed(reason)` is called when the link is gone for good (revoked, replaced, deleted).
 */
export function connect({ onState, onStatus, onClosed, leaving }) {
  let delay = 500;

  async function refetch() {
    try {
      const seat = await call("GET", "", undefined, "reading the fight");
      onState({ version: seat.version, view: seat.view, log: seat.log, waiting: seat.waiting });
    } catch (error) {
      onStatus(error.message, "offline");
    }
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
      if (data && data.type === "state" && data.view && Array.isArray(data.log)) {
        onState({ version: data.version, view: data.view, log: data.log });
      } else if (data && data.type === "estimate") {
        // an estimate's progress: the pages that show one read it with the estimate's GET
      } else {
        refetch(); // "step" (the new steps' lines only) and anything newer: read it all again
      }
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
        open();
        refetch();
      }, delay);
    });
  }

  open();
}
