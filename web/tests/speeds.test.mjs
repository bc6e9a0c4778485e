// Which speed the leaderboard opens on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mostPlayed } from '../static/speeds.js';

test('the most played speed, never correspondence by default', () => {
  const speeds = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'];
  assert.equal(mostPlayed(speeds, {}), 'blitz'); // nothing played yet
  assert.equal(mostPlayed(speeds, { rapid: 40, blitz: 12, correspondence: 39 }), 'rapid');
  assert.equal(mostPlayed(speeds, { correspondence: 5 }), 'correspondence'); // only it is played
  assert.equal(mostPlayed(speeds, { bullet: 7, classical: 7 }), 'bullet'); // a tie: the usual order
  assert.equal(mostPlayed(['daily', 'hourly'], {}), 'daily'); // unknown speeds: their own order
  assert.equal(mostPlayed([], {}), '');
});
