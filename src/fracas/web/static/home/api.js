// The API calls of the home page: each answers the JSON body or throws an Error whose
// message is the server's own ({code, message, field}), or says that the server is gone.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const TOKEN_KEY = "fracas-server-token";

// The server token (fracas.web.guard): a server others can reach asks for it to list, create
// and import encounters. It comes with the home link fracas serve prints (#token=…, a fragment,
// so it never travels in a request line or a Referer), or is asked for once; this tab keeps it.
function serverToken() {
  const given = new URLSearchParams(location.hash.slice(1)).get("token");
  if (given) {
    sessionStorage.setItem(TOKEN_KEY, given);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

async function send(method, path, body) {
  const headers = body === undefined ? {} : { "Content-Type": "application/json" };
  const token = serverToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server does not answer: is fracas serve still running?");
  }
}

export async function call(method, path, body) {
  let response = await send(method, path, body);
  let data = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.status === 401 && data && data.code === "server-token") {
    const typed = window.prompt("This server asks for its server token (fracas serve printed it):");
    if (typed && typed.trim()) {
      sessionStorage.setItem(TOKEN_KEY, typed.trim());
      response = await send(method, path, body);
      data = response.status === 204 ? null : await response.json().catch(() => null);
    }
  }
  if (response.status === 204) return null;
  if (!response.ok) {
    const told = data && data.message ? data.message : response.statusText;
    throw new ApiError(response.status, told || `error ${response.status}`);
  }
  return data;
}

export const rulesets = () => call("GET", "/api/rulesets");
export const encounters = () => call("GET", "/api/encounters");
export const create = (ruleset, name, demo) =>
  call("POST", "/api/encounters", { ruleset, name, demo });
export const importSave = (save) => call("POST", "/api/encounters/import", save);
export const remove = (token, version) =>
  call("DELETE", `/api/t/${encodeURIComponent(token)}${version === undefined ? "" : `?version=${version}`}`);
export const exportUrl = (token) => `/api/t/${encodeURIComponent(token)}/export`;

// The library and the estimate (the library's and the estimate's API modules).
export const library = (ruleset, text) =>
  call("GET", `/api/library?${new URLSearchParams({ ruleset, q: text })}`);
export const build = (body) => call("POST", "/api/encounters/build", body);
export const startEstimate = (token) =>
  call("POST", `/api/t/${encodeURIComponent(token)}/estimate`, {});
export const readEstimate = (token) => call("GET", `/api/t/${encodeURIComponent(token)}/estimate`);
