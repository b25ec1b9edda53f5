// The menu: the player's name, the way to the other screens, and the settings.

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

  /**
   * Ties the settings' checkboxes (`input[data-setting]`) to `settings`; `changed()` hears each change. Vibration
   * shows only where the `device` vibrates, and is off, saying why, when the person asks for reduced motion.
   */
  bindSettings(settings, device, changed) {
    const doc = this.field.ownerDocument;
    for (const box of doc.querySelectorAll("[data-setting]")) {
      box.checked = settings.get(box.dataset.setting);
      box.addEventListener("change", () => {
        settings.set(box.dataset.setting, box.checked);
        changed();
      });
    }
    const vibration = doc.getElementById("vibration");
    vibration.parentElement.hidden = !device.vibrates;
    doc.getElementById("vibration-calm").hidden = !device.vibrates || !device.calm;
    if (device.calm) {
      vibration.checked = false;
      vibration.disabled = true;
      vibration.setAttribute("aria-describedby", "vibration-calm");
    }
  }

  /** Puts the cursor in the name field. */
  focus() {
    this.field.focus();
  }
}
