// Words of the command language, as the server writes them (app/catalogue.py's _quoted).

/** A name or value as one word of a command: quoted when it has spaces or quotes. */
export function quote(text) {
  const word = String(text);
  if (word && !/[\s"'#]/.test(word)) return word;
  return word.includes('"') ? "'" + word + "'" : '"' + word + '"';
}

export function capitalized(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
