// Translations: plural forms by each language's rules, placeholders, and
// the language chosen from what the browser and the person said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { t, tn, setCatalogue, pickLang, tOptions } from '../static/i18n.js';

const moves = { '{n} move|{n} moves': { one: '{n} ход', few: '{n} хода', many: '{n} ходов', other: '{n} хода' } };

test('Russian plurals: one, few, many', () => {
  setCatalogue('ru', moves);
  const want = { 1: '1 ход', 2: '2 хода', 5: '5 ходов', 11: '11 ходов', 21: '21 ход', 22: '22 хода', 25: '25 ходов', 111: '111 ходов', 0: '0 ходов' };
  for (const [n, s] of Object.entries(want)) assert.equal(tn('{n} move', '{n} moves', Number(n)), s, `n=${n}`);
});

test('English plurals and a text the catalogue lacks', () => {
  setCatalogue('en', {});
  assert.equal(tn('{n} move', '{n} moves', 1), '1 move');
  assert.equal(tn('{n} move', '{n} moves', 21), '21 moves');
  setCatalogue('ru', {});
  assert.equal(t('Resign'), 'Resign');
  assert.equal(tn('{n} move', '{n} moves', 2), '2 moves');
});

test('placeholders are filled in the translation', () => {
  setCatalogue('ru', { '{seat} to move': 'Ход: {seat}' });
  assert.equal(t('{seat} to move', { seat: 'Белые' }), 'Ход: Белые');
  assert.equal(t('{seat} to move'), 'Ход: {seat}');
});

test('options as the server words them, label and choices translated', () => {
  setCatalogue('ru', { Factions: 'Фракции', Infernal: 'Инферналы', Human: 'Люди' });
  assert.equal(tOptions('Factions: Infernal, Human'), 'Фракции: Инферналы, Люди');
  assert.equal(tOptions('Unknown'), 'Unknown');
});

test('the language: the one chosen here, else the browser\'s, else English', () => {
  assert.equal(pickLang('', ['ru-RU', 'en']), 'ru');
  assert.equal(pickLang('en', ['ru-RU']), 'en');
  assert.equal(pickLang('', ['de-DE', 'fr']), 'en');
  assert.equal(pickLang('xx', ['de', 'RU']), 'ru');
  assert.equal(pickLang('', []), 'en');
});

test('a game\'s formatted messages, each line, values kept', async () => {
  const { tMessage } = await import('../static/i18n.js');
  setCatalogue('ru', {
    '%s: %d units, %d of %d XP': '%s: фигур %d, %d из %d XP',
    'draft: %q is not a unit': 'набор: %q — не фигура',
    'army has no Pawn; at least one is required': 'в армии нет пешки; нужна хотя бы одна',
    Human: 'Люди',
  });
  assert.equal(tMessage('Human: 12 units, 76 of 80 XP'), 'Люди: фигур 12, 76 из 80 XP');
  assert.equal(tMessage('draft: "Zz" is not a unit\narmy has no Pawn; at least one is required'),
    'набор: "Zz" — не фигура\nв армии нет пешки; нужна хотя бы одна');
  assert.equal(tMessage('something no catalogue has'), 'something no catalogue has');
  setCatalogue('en', {});
  assert.equal(tMessage('Human: 12 units, 76 of 80 XP'), 'Human: 12 units, 76 of 80 XP');
});

test('a message wrapped in another is said whole', async () => {
  const { tMessage } = await import('../static/i18n.js');
  setCatalogue('ru', { 'position %q: %s': 'FEN %q: %s', '%s has %d kings, want 1': '%s: королей %d, а нужен один', White: 'Белые' });
  assert.equal(tMessage('position "8/8 w": White has 0 kings, want 1'), 'FEN "8/8 w": Белые: королей 0, а нужен один');
  setCatalogue('en', {});
});
