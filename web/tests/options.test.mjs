// The rules of an option form apart from the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optionTitle, isDefault, changedOptions, perSeatValue, swapPick, inBounds, choiceLabel, choiceHelp } from '../static/options.js';

test('optionTitle: the label, else the name capitalised', () => {
  assert.equal(optionTitle({ name: 'map', label: 'The map' }), 'The map');
  assert.equal(optionTitle({ name: 'map' }), 'Map');
});

test('isDefault and changedOptions leave the defaults out', () => {
  const specs = [
    { name: 'variants', kind: 'set', default: '' },
    { name: 'fast', kind: 'bool' },
    { name: 'players', kind: 'int', default: '2' },
    { name: 'map', kind: 'choice', default: 'classic' },
  ];
  assert.ok(isDefault(specs[1], 'false')); // an unset boolean is false
  assert.ok(!isDefault(specs[1], 'true'));
  assert.ok(isDefault({ name: 'b', kind: 'bool', default: 'true' }, 'true'));
  assert.ok(!isDefault({ name: 'b', kind: 'bool', default: 'true' }, 'false'));
  assert.deepEqual(changedOptions(specs, { variants: '', fast: 'false', players: '2', map: 'classic' }), {});
  assert.deepEqual(changedOptions(specs, { variants: 'a,b', fast: 'true', players: '4', map: 'cave' }),
    { variants: 'a,b', fast: 'true', players: '4', map: 'cave' });
  assert.deepEqual(changedOptions(specs, { players: '3', other: 'x' }), { players: '3' }); // only the schema's
});

test('perSeatValue: strict wants every seat, otherwise any pick is sent', () => {
  assert.equal(perSeatValue(['human', 'undead'], true), 'human,undead');
  assert.equal(perSeatValue(['human', ''], true), '');
  assert.equal(perSeatValue(['', ''], false), '');
  assert.equal(perSeatValue(['human', ''], false), 'human,'); // for the game to explain
});

test('swapPick keeps two seats from sharing a choice', () => {
  assert.deepEqual(swapPick(['human', 'undead'], 1, 'human'), ['undead', 'human']);
  assert.deepEqual(swapPick(['human', 'undead'], 1, 'redskin'), ['human', 'redskin']);
  assert.deepEqual(swapPick(['human', 'undead'], 0, 'human'), ['human', 'undead']);
});

test('inBounds', () => {
  const o = { min: 2, max: 4 };
  assert.ok(inBounds(o, '2') && inBounds(o, '4'));
  assert.ok(!inBounds(o, '5') && !inBounds(o, '1') && !inBounds(o, '2.5') && !inBounds(o, 'x'));
});

test('a choice reads in its game\'s words, its id only when the game gives none', () => {
  const o = { name: 'sides', kind: 'perseat', choices: ['red-side', 'blue'], choiceLabels: ['Crimson'], choiceHelp: ['', 'Plays second.'] };
  assert.equal(choiceLabel(o, 'red-side'), 'Crimson');
  assert.equal(choiceLabel(o, 'blue'), 'blue');
  assert.equal(choiceLabel({ name: 'x', choices: ['a'] }, 'a'), 'a');
  assert.equal(choiceHelp(o, 'red-side'), '');
  assert.equal(choiceHelp(o, 'blue'), 'Plays second.');
  assert.equal(choiceHelp(o, 'green'), '');
});
