// How a game clock reads: pure, shared by the game screen and its tests.
import { t, tn } from './i18n.js';

const HOUR = 3600000, DAY = 24 * HOUR;

/** Remaining time ms as a clock shows it: "5:03", "1:02:03", tenths under
 * ten seconds ("0:07.4"). A correspondence clock (days true, or any clock
 * over a day) reads in days and hours ("1 day", "2 days 5 h", "7 h 20 min"),
 * rounded up to the minute, so that a fresh "1 day a move" reads "1 day". */
export function formatClock(ms, days = false) {
  ms = Math.max(0, ms);
  if (ms >= DAY || (days && ms >= HOUR)) {
    const min = Math.ceil(ms / 60000), d = Math.floor(min / 1440), h = Math.floor(min % 1440 / 60), m = min % 60;
    const hours = t('{n} h', { n: h });
    if (d >= 1) return tn('{n} day', '{n} days', d) + (h ? ' ' + hours : '');
    return hours + (m ? ' ' + t('{n} min', { n: m }) : '');
  }
  const secs = Math.floor(ms / 1000), m = Math.floor(secs / 60), s = secs % 60;
  if (ms < 10000) return `0:0${s}.${Math.floor(ms % 1000 / 100)}`;
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}
