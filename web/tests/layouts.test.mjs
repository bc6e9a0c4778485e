// The layout of a board's levels and the size of its squares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutKey, autoLayout, fitUnit, chooseLayout, largestLayout, LAYOUTS } from '../static/layouts.js';

const chess = { levels: 1, files: 8, ranks: 8 };
const three = { levels: 3, files: 12, ranks: 8 }; // three stacked boards

test('layoutKey keeps a phone apart from a wide screen', () => {
  assert.equal(layoutKey(699), 'layoutPhone');
  assert.equal(layoutKey(700), 'layout');
});

test('autoLayout', () => {
  assert.equal(autoLayout(1, 400), 'one');
  assert.equal(autoLayout(3, 400), 'focus');
  assert.equal(autoLayout(3, 1200), 'side');
});

test('fitUnit fits the box, in quarter pixels, never under 8', () => {
  assert.equal(fitUnit(chess, 'one', 400, 300), 37.5);
  assert.equal(fitUnit(chess, 'one', 10, 10), 8);
  // Side by side: three boards and two gaps across, a caption above.
  assert.equal(fitUnit(three, 'side', 1100, 2000), Math.floor((1100 - 20) / 36 * 4) / 4);
  // Stacked: three captions and two gaps down.
  assert.equal(fitUnit(three, 'stack', 2000, 600), Math.floor((600 - 66 - 20) / 24 * 4) / 4);
  for (const [layout] of LAYOUTS) {
    const u = fitUnit(three, layout, 900, 700);
    assert.ok(u >= 8 && u * 4 === Math.floor(u * 4), `${layout}: ${u}`);
  }
});

test('chooseLayout: one level, the choice, else the fallback', () => {
  const never = () => assert.fail('fallback asked');
  assert.equal(chooseLayout(1, 'stack', never), 'one');
  assert.equal(chooseLayout(3, 'stack', never), 'stack');
  assert.equal(chooseLayout(3, '', () => 'side'), 'side');
});

test('largestLayout draws the squares largest, else one large level', () => {
  assert.equal(largestLayout(three, 1200, 400), 'side'); // wide and low
  assert.equal(largestLayout(three, 400, 1200), 'stack'); // narrow and tall
  assert.equal(largestLayout(three, 300, 300), 'focus'); // cramped either way
});
