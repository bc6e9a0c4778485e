// Words the server sends as identifiers that pages show as they are: how
// a game ended (game.EndReason), a seat's result, setup stages, speed
// classes and a closed account's name. Marked here so that the catalogues
// must hold them; t() shows them where they appear.
import { mark } from './i18n.js';

export const reasons = [mark('checkmate'), mark('stalemate'), mark('threefold repetition'), mark('fifty-move rule'),
  mark('100-move rule'), mark('insufficient material'), mark('king captured'), mark('all remaining kings removed together'),
  mark('50 rounds without a capture'), mark('resignation'), mark('time'), mark('agreement'), mark('abandoned'),
  mark('opponents left the game'), mark('opponent left the game'), mark('aborted'),
  mark('aborted: a player did not make a first move'), mark('a player did not make a first move'), mark('no legal move'), mark('move limit')];

export const results = [mark('win'), mark('loss'), mark('draw'), mark('eliminated'), mark('ongoing')];

export const stages = [mark('Draft'), mark('Deploy'), mark('draft'), mark('deploy')];

export const speeds = [mark('ultrabullet'), mark('bullet'), mark('blitz'), mark('rapid'), mark('classical'), mark('correspondence')];

export const names = [mark('deleted account')];
