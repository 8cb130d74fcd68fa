import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { StreamedAnswer } from './streamed-answer';

type Delta = ChatCompletionChunk.Choice.Delta;
const chunk = (delta: Delta, finish: ChatCompletionChunk.Choice['finish_reason'] = null, index = 0): ChatCompletionChunk => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'm',
  choices: [{ index, delta, finish_reason: finish }],
});

describe('StreamedAnswer', () => {
  it('passes text on and assembles interleaved tool-call fragments by index', () => {
    const text: string[] = [];
    const answer = new StreamedAnswer((delta) => text.push(delta));
    answer.add(chunk({ role: 'assistant', content: '' }));
    expect(answer.receivedOutput).toBe(false);
    answer.add(chunk({ content: 'Looking' }));
    answer.add(chunk({ tool_calls: [{ index: 1, id: 'b', type: 'function', function: { name: 'read', arguments: '{"pa' } }] }));
    answer.add(chunk({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'grep', arguments: '' } }] }));
    answer.add(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"pattern":"x"}' } }, { index: 1, function: { arguments: 'th":"a"}' } }] }));
    expect(answer.finishReason).toBeUndefined();
    answer.add(chunk({}, 'tool_calls'));

    expect(text).toEqual(['Looking']);
    expect(answer.receivedOutput).toBe(true);
    expect(answer.finishReason).toBe('tool_calls');
    expect(answer.toolCalls()).toEqual([
      { id: 'a', name: 'grep', argumentsText: '{"pattern":"x"}' },
      { id: 'b', name: 'read', argumentsText: '{"path":"a"}' },
    ]);
  });

  it('tolerates a name repeated on every fragment and a missing id', () => {
    const answer = new StreamedAnswer(() => {});
    answer.add(chunk({ tool_calls: [{ index: 0, function: { name: 'glob', arguments: '{"pattern"' } }] }));
    answer.add(chunk({ tool_calls: [{ index: 0, function: { name: 'glob', arguments: ':"*.ts"}' } }] }));
    expect(answer.toolCalls()).toEqual([{ id: undefined, name: 'glob', argumentsText: '{"pattern":"*.ts"}' }]);
  });

  it('ignores other choices', () => {
    const text: string[] = [];
    const answer = new StreamedAnswer((delta) => text.push(delta));
    answer.add(chunk({ content: 'other' }, 'stop', 1));
    expect(text).toEqual([]);
    expect(answer.finishReason).toBeUndefined();
  });
});
