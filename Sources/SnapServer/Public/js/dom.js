// Small helpers for writing to the DOM only what changed, shared by the screens.

/** Sets an attribute only when it changes; null, undefined or false removes it. */
export function setAttr(element, name, value) {
  if (value === null || value === undefined || value === false) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
    return;
  }
  const text = value === true ? "true" : String(value);
  if (element.getAttribute(name) !== text) element.setAttribute(name, text);
}

/** Sets an element's text only when it changes. */
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/** Text made safe to put in HTML. */
export function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
