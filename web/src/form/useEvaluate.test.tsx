// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvaluateResult, FormDocument } from '../api/types';
import { EVALUATE_DELAY_MS, useEvaluate } from './useEvaluate';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The calls sent, each answered when the test says.
type Sent = { doc: FormDocument; answer: (r: EvaluateResult) => void };
let sent: Sent[];
vi.mock('../api/evaluate', () => ({
  evaluateDocument: (doc: FormDocument) => new Promise<EvaluateResult>((resolve) => sent.push({ doc, answer: resolve })),
}));

let root: Root;
let hook: ReturnType<typeof useEvaluate>;
let results: EvaluateResult[];

function Probe() {
  hook = useEvaluate('new', (r) => results.push(r));
  return null;
}

const doc = (exchangeRate: number | null): FormDocument => ({ head: { docType: 'EX02', exchangeRate } }) as FormDocument;
const answerOf = (rate: number): EvaluateResult => ({ values: { 'head.exchangeRate': rate } }) as unknown as EvaluateResult;

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(EVALUATE_DELAY_MS);
  });
}

beforeEach(async () => {
  vi.useFakeTimers();
  sent = [];
  results = [];
  root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('useEvaluate', () => {
  it('hands over the answer of the document as it still is', async () => {
    hook.schedule(doc(null));
    await settle();
    expect(sent).toHaveLength(1);
    await act(async () => sent[0].answer(answerOf(7.1)));
    expect(results).toEqual([answerOf(7.1)]);
  });

  it('drops the answer of a document changed while its call ran, and hands over the next', async () => {
    hook.schedule(doc(null));
    await settle();
    hook.schedule(doc(7.25)); // typed while the first call runs: its default would overwrite it
    await act(async () => sent[0].answer(answerOf(7.1)));
    expect(results).toEqual([]);
    await settle();
    expect(sent.map((s) => s.doc.head?.exchangeRate)).toEqual([null, 7.25]);
    await act(async () => sent[1].answer(answerOf(7.25)));
    expect(results).toEqual([answerOf(7.25)]);
  });

  it('drops the answer of a call cancelled while it ran', async () => {
    hook.schedule(doc(null));
    await settle();
    hook.cancel();
    await act(async () => sent[0].answer(answerOf(7.1)));
    expect(results).toEqual([]);
  });
});
