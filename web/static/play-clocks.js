// The game screen's clocks: each seat's time, counted down between the
// server's states, and the warning sound when this browser's runs low.
import { play as sound } from './sound.js';
import { formatClock } from './clockfmt.js';
import { mine } from './play-state.js';

/** Redraws the clocks of view v in the seats list seatsEl (its .clock spans). */
export function drawClocks(v, seatsEl) {
  const st = v.st;
  if (!st || !st.clock) return;
  for (const el of seatsEl.querySelectorAll('.clock')) {
    const i = Number(el.dataset.seat);
    let ms = st.clock.remaining[i];
    if (st.clock.running === i) ms -= Date.now() - st.receivedAt;
    el.textContent = formatClock(ms, !!st.clock.days);
    el.classList.toggle('run', st.clock.running === i);
    el.classList.toggle('low', ms < 10000);
    if (st.clock.running === i && ms < 10000 && ms > 0 && mine(v).includes(i) && !v.lowWarned) { v.lowWarned = true; sound('low'); }
  }
}
