// The join page: the host's screen shows the PIN and the QR code; a phone can lock itself again.
import { BOOT, api, applyLock, sayError } from "./common.js";

function showLockState() {
  document.getElementById("unlocked-note").hidden = !BOOT.can_change;
  document.getElementById("lock").hidden = !BOOT.can_change;
}

document.getElementById("lock").addEventListener("click", async () => {
  try {
    await api("POST", "/api/lock", {});
    BOOT.can_change = false;
    applyLock();
    showLockState();
  } catch (error) {
    sayError(error);
  }
});

const newPin = document.getElementById("new-pin");
if (newPin) {
  newPin.addEventListener("click", async () => {
    try {
      const data = await api("POST", "/api/pin", {});
      document.getElementById("pin-value").textContent = data.pin;
      document.getElementById("join-qr").src = "/api/join.svg?v=" + Date.now();
      location.reload();
    } catch (error) {
      sayError(error);
    }
  });
}

document.addEventListener("unlocked", showLockState);
showLockState();
