import { describe, expect, it } from 'vitest';
import { judgeReplica, pickServing, UNCHECKED, unreachable, type ReplicaReading } from './judge-replica';

const primary = { lsn: '0/5000000', systemId: '7711548217891237014' };
const reading = (over: Partial<ReplicaReading> = {}): ReplicaReading => ({ inRecovery: true, systemId: primary.systemId, replayLsn: '0/5000000', replayPaused: false, sinceLastReplayS: 3600, behindForS: 0, ...over });

describe('judgeReplica', () => {
  it('serves a caught-up standby of this primary with no lag, however old its last replayed commit', () => {
    expect(judgeReplica(primary, reading(), 500, 1)).toMatchObject({ state: 'serving', lagBytes: 0, lagSeconds: 0, detail: null, checkedAt: 1 });
  });

  it('measures a standby behind the primary in bytes, and in seconds by the smaller of its last replayed commit\'s age and how long it has been behind', () => {
    expect(judgeReplica(primary, reading({ replayLsn: '0/4FFF000', sinceLastReplayS: 0.2, behindForS: 3 }), 500, 1)).toMatchObject({ state: 'serving', lagBytes: 0x1000, lagSeconds: 0.2 });
    expect(judgeReplica(primary, reading({ replayLsn: '0/4FFF000', sinceLastReplayS: 20, behindForS: 0.3 }), 500, 1)).toMatchObject({ state: 'serving', lagSeconds: 0.3 });
  });

  it('does not take a replica milliseconds behind for hours behind after the primary was idle for hours', () => {
    // The first commit after an idle spell: the replica's newest replayed commit is an hour old.
    expect(judgeReplica(primary, reading({ replayLsn: '0/4FFFF00', sinceLastReplayS: 3600, behindForS: 0 }), 500, 1)).toMatchObject({ state: 'serving', lagSeconds: 0 });
  });

  it('skips a standby further behind than the limit, and says by how much', () => {
    const health = judgeReplica(primary, reading({ replayLsn: '0/4000000', sinceLastReplayS: 1.5, behindForS: 1.6, replayPaused: true }), 500, 1);
    expect(health.state).toBe('lagging');
    expect(health.lagBytes).toBe(0x1000000);
    expect(health.detail).toBe('1.50 s behind, more than the 500 ms allowed (STIGMEM_REPLICA_MAX_LAG_MS) (replay is paused)');
  });

  it('with a limit of 0, serves only a standby level with the primary', () => {
    expect(judgeReplica(primary, reading(), 0, 1).state).toBe('serving');
    expect(judgeReplica(primary, reading({ replayLsn: '0/4FFFFFF', sinceLastReplayS: 0.001, behindForS: 0.002 }), 0, 1).state).toBe('lagging');
  });

  it('measures a standby that has replayed no transaction yet by how long it has been behind', () => {
    expect(judgeReplica(primary, reading({ replayLsn: '0/4000000', sinceLastReplayS: null, behindForS: 2 }), 500, 1)).toMatchObject({ state: 'lagging', lagSeconds: 2 });
    expect(judgeReplica(primary, reading({ replayLsn: null }), 500, 1)).toMatchObject({ state: 'lagging', detail: 'has replayed no WAL yet' });
  });

  it('never reads from a server that is not in recovery, or that replays another cluster', () => {
    expect(judgeReplica(primary, reading({ inRecovery: false }), 500, 1)).toMatchObject({ state: 'not_a_replica', detail: expect.stringMatching(/not in recovery/) });
    expect(judgeReplica(primary, reading({ systemId: '1' }), 500, 1)).toMatchObject({ state: 'not_a_replica', detail: expect.stringMatching(/another cluster/) });
  });

  it('marks an unreachable replica down with the reason', () => {
    expect(unreachable('connect ECONNREFUSED 127.0.0.1:5433', 2)).toMatchObject({ state: 'down', detail: 'connect ECONNREFUSED 127.0.0.1:5433', checkedAt: 2 });
  });
});

describe('pickServing', () => {
  const serving = judgeReplica(primary, reading(), 500, 1);
  const down = unreachable('gone', 1);

  it('takes the serving replicas in turn and passes over the others', () => {
    const healths = [serving, down, serving, UNCHECKED];
    expect([0, 1, 2, 3].map((turn) => pickServing(healths, turn))).toEqual([0, 2, 0, 2]);
  });

  it('has none to offer when no replica serves', () => {
    expect(pickServing([down, UNCHECKED], 0)).toBeNull();
    expect(pickServing([], 5)).toBeNull();
  });
});
