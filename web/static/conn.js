// The header's notice of the connection ("reconnecting…"), which any
// screen with a live connection sets and the router clears.

/** Shows text in the header's connection notice ('' hides it). */
export function setConn(text) { document.getElementById('conn').textContent = text; }
