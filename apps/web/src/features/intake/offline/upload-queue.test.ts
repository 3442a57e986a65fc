// @vitest-environment node
// The store needs no DOM; Node's Blob reads its bytes back (jsdom's Blob has no arrayBuffer()).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { TCreateRecordingBody } from '@rostrum/contract';
import { TakeStore } from '../take-store';
import { TakeKeeper, findKeptTake } from '../take-keeper';
import { UploadQueue, type TTakeSender, type TTakeUpload } from './upload-queue';

const ANN = 'user-ann';
const body = (title: string): TCreateRecordingBody => ({
  title,
  source: 'ui record form',
  fileName: `${title}.webm`,
  fileSize: 9,
  groupId: 'group-1',
  feedbackRequested: true,
  submitted: false,
  algorithm: 'default',
});
const take = (title: string) => ({
  userId: ANN,
  blob: new Blob([`${title}-bytes`]),
  mimeType: 'audio/webm;codecs=opus',
  seconds: 12.5,
  body: body(title),
});

let n = 0;
const opened: TakeStore[] = [];
async function openStore(name = `queue-test-${n++}`): Promise<TakeStore> {
  const s = await TakeStore.open(name);
  if (!s) throw new Error('IndexedDB missing');
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

/** A server in memory: each call is logged; `fail` makes the next sends fail. */
function fakeSender() {
  const log: string[] = [];
  const sent: { upload: TTakeUpload; bytes: string }[] = [];
  let created = 0;
  const state = {
    fail: null as null | 'interrupted' | 'refused',
    /** Checks made while a send is under way (the take must still be on the device). */
    during: null as null | (() => Promise<void>),
  };
  const sender: TTakeSender = {
    async create(b) {
      log.push(`create ${b.title}`);
      created++;
      return { recordingId: `rec-${created}`, uploadUrl: 'http://x/api/v1/uploads' };
    },
    async send(upload, on) {
      log.push(`send ${upload.recordingId} ${upload.tusUrl ?? 'new'}`);
      on.url(`http://x/api/v1/uploads/${upload.recordingId}`);
      on.progress(4, 9);
      await state.during?.();
      if (state.fail === 'interrupted') throw { kind: 'interrupted' };
      if (state.fail === 'refused') throw { kind: 'refused', message: 'This file type is not supported' };
      sent.push({ upload, bytes: await upload.blob.text() });
    },
    async discardCapture(captureId) {
      log.push(`discard ${captureId}`);
    },
    refusedMessage: () => null,
  };
  return { sender, log, sent, state };
}

describe('UploadQueue (takes saved offline)', () => {
  it('keeps the take and its save form on the device before any network call', async () => {
    const store = await openStore();
    const { sender, log } = fakeSender();
    const queue = new UploadQueue(
      async () => store,
      sender,
      () => false,
    );
    expect(await queue.keep(take('Offline talk'))).toBe(true);
    expect(log).toEqual([]);
    const [kept] = await store.waitingTakes(ANN);
    expect(kept).toMatchObject({ userId: ANN, seconds: 12.5, body: body('Offline talk'), recordingId: null });
    expect(new TextDecoder().decode(kept?.bytes)).toBe('Offline talk-bytes');
    expect(queue.snapshot()).toMatchObject([{ title: 'Offline talk', seconds: 12.5, state: { kind: 'waiting' } }]);
  });

  it('does not upload while offline, only lists what the device keeps', async () => {
    const store = await openStore();
    const { sender, log } = fakeSender();
    await new UploadQueue(
      async () => store,
      sender,
      () => false,
    ).keep(take('One'));
    const queue = new UploadQueue(
      async () => store,
      sender,
      () => false,
    );
    await queue.run(ANN);
    expect(log).toEqual([]);
    expect(queue.snapshot().map((i) => i.title)).toEqual(['One']);
  });

  it('uploads takes one at a time, oldest first, and removes each only once the upload completed', async () => {
    const store = await openStore();
    const { sender, log, sent, state } = fakeSender();
    const queue = new UploadQueue(
      async () => store,
      sender,
      () => true,
    );
    await queue.keep(take('First'));
    await queue.keep(take('Second'));
    const stillThere: number[] = [];
    state.during = async () => {
      stillThere.push((await store.waitingTakes(ANN)).length);
    };
    await queue.run(ANN);
    expect(log).toEqual(['create First', 'send rec-1 new', 'create Second', 'send rec-2 new']);
    // While the first was sending both were kept; while the second was, the first had gone.
    expect(stillThere).toEqual([2, 1]);
    expect(sent.map((s) => s.bytes)).toEqual(['First-bytes', 'Second-bytes']);
    expect(sent[0]?.upload).toMatchObject({ fileName: 'First.webm', endpoint: 'http://x/api/v1/uploads', recordingId: 'rec-1' });
    expect(await store.waitingTakes(ANN)).toEqual([]);
    expect(queue.snapshot().map((i) => i.state)).toEqual([
      { kind: 'uploaded', recordingId: 'rec-1' },
      { kind: 'uploaded', recordingId: 'rec-2' },
    ]);
  });

  it('keeps a failed take and retries the same recording and upload, never creating a second one', async () => {
    const store = await openStore();
    const { sender, log, state } = fakeSender();
    const queue = new UploadQueue(
      async () => store,
      sender,
      () => true,
    );
    await queue.keep(take('Flaky'));
    state.fail = 'interrupted';
    await queue.run(ANN);
    expect(queue.snapshot()[0]?.state).toEqual({ kind: 'failed', message: null });
    const [kept] = await store.waitingTakes(ANN);
    expect(kept).toMatchObject({ recordingId: 'rec-1', tusUrl: 'http://x/api/v1/uploads/rec-1' });

    state.fail = null;
    const takeId = kept?.takeId ?? '';
    await queue.retry(ANN, takeId);
    expect(log).toEqual(['create Flaky', 'send rec-1 new', 'send rec-1 http://x/api/v1/uploads/rec-1']);
    expect(await store.waitingTakes(ANN)).toEqual([]);
    expect(queue.snapshot()[0]?.state).toEqual({ kind: 'uploaded', recordingId: 'rec-1' });
  });

  it('goes back to waiting when the connection went during the upload', async () => {
    const store = await openStore();
    const { sender, state } = fakeSender();
    let online = true;
    const queue = new UploadQueue(
      async () => store,
      sender,
      () => online,
    );
    await queue.keep(take('Train'));
    state.fail = 'interrupted';
    state.during = async () => {
      online = false;
    };
    await queue.run(ANN);
    expect(queue.snapshot()[0]?.state).toEqual({ kind: 'waiting' });
    expect(await store.waitingTakes(ANN)).toHaveLength(1);
  });

  it('leaves a refused take for the speaker: skipped until Retry, gone on Discard', async () => {
    const store = await openStore();
    const { sender, log, state } = fakeSender();
    const queue = new UploadQueue(
      async () => store,
      sender,
      () => true,
    );
    await queue.keep(take('Refused'));
    state.fail = 'refused';
    await queue.run(ANN);
    expect(queue.snapshot()[0]?.state).toEqual({ kind: 'failed', message: 'This file type is not supported' });
    await queue.run(ANN);
    expect(log.filter((l) => l.startsWith('send'))).toHaveLength(1);
    await queue.discard(queue.snapshot()[0]?.takeId ?? '');
    expect(queue.snapshot()).toEqual([]);
    expect(await store.waitingTakes(ANN)).toEqual([]);
  });

  it('finds waiting takes again with a new store and queue (a reload, a closed tab)', async () => {
    const name = `queue-test-${n++}`;
    const first = await openStore(name);
    await new UploadQueue(
      async () => first,
      fakeSender().sender,
      () => false,
    ).keep(take('Survivor'));
    first.close();
    const again = await openStore(name);
    const { sender, sent } = fakeSender();
    const queue = new UploadQueue(
      async () => again,
      sender,
      () => true,
    );
    await queue.run(ANN);
    expect(sent.map((s) => s.bytes)).toEqual(['Survivor-bytes']);
    expect(await again.waitingTakes(ANN)).toEqual([]);
    expect(await again.waitingTakes('user-bob')).toEqual([]);
  });

  it('takes over the take kept while recording: its chunks, its capture (discarded once uploaded)', async () => {
    const store = await openStore();
    const keeper = TakeKeeper.begin(ANN, 'audio/webm', Date.now(), Promise.resolve(store));
    keeper.append(new Blob(['par']), 1);
    keeper.append(new Blob(['tial']), 2);
    keeper.update({ captureId: 'cap-9', uploadUrl: 'http://x/api/v1/live/cap-9' });
    await keeper.flushed();
    // An interrupted take's chunks come back as one blob, in order.
    const interrupted = await store.get(ANN);
    expect(await interrupted?.blob.text()).toBe('partial');

    const { sender, log } = fakeSender();
    const queue = new UploadQueue(
      async () => store,
      sender,
      () => true,
    );
    await queue.keep({ ...take('From chunks'), blob: interrupted?.blob ?? new Blob() });
    expect(await findKeptTake(ANN, Promise.resolve(store))).toBeNull();
    expect((await store.waitingTakes(ANN))[0]?.captureId).toBe('cap-9');
    await queue.run(ANN);
    expect(log).toEqual(['create From chunks', 'send rec-1 new', 'discard cap-9']);
  });

  it('says so when the device cannot keep the take', async () => {
    const queue = new UploadQueue(
      async () => null,
      fakeSender().sender,
      () => false,
    );
    expect(await queue.keep(take('Nowhere'))).toBe(false);
    expect(queue.snapshot()).toEqual([]);
  });
});
