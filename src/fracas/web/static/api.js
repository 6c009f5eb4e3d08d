// The HTTP API of one link (/api/t/TOKEN/…), with errors a person can read.
// A failed request throws an Error whose message says what went wrong and what was not done;
// never the browser's bare "Failed to fetch".

const parts = location.pathname.split("/").filter(Boolean);

/** True on the game master's page (/gm/TOKEN), false on a player's (/play/TOKEN). */
export const GM = parts[0] === "gm";
export const TOKEN = decodeURIComponent(parts[1] || "");
export const BASE = "/api/t/" + encodeURIComponent(TOKEN);

/**
 * Call the API: `what` names the request for an error message ("the command 'end'").
 * Resolves to the JSON answer (null for 204); rejects with a readable Error.
 */
export async function call(method, path, body, what) {
  const doing = what || method + " " + (path || "/");
  let response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    const sent = method === "GET" ? "could not be read" : "was not sent";
    throw new Error("The server can't be reached (is fracas serve still running?): " +
      doing + " " + sent + ".");
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const reason = data && data.message ? data.message : response.status + " " + response.statusText;
    throw new Error(reason);
  }
  return data;
}

/** Send one line of command text; resolves to the server's reply. */
export function sendCommand(text) {
  return call("POST", "/commands", { text }, "the command '" + text + "'");
}
