// The API calls of the home page: each answers the JSON body or throws an Error whose
// message is the server's own ({code, message, field}), or says that the server is gone.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server does not answer: is fracas serve still running?");
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
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
