// The menu: the player's name, and the way to the other screens.

/** The menu's own fields. */
export class MenuScreen {
  /** @param {Document} doc */
  constructor(doc) {
    this.field = doc.getElementById("name");
  }

  /** The name typed in the menu. */
  get name() {
    return this.field.value;
  }

  set name(value) {
    this.field.value = value;
  }

  /** Puts the cursor in the name field. */
  focus() {
    this.field.focus();
  }
}
