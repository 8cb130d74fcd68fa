import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

/**
 * One model answer as it streams in: text goes straight to `onText`, tool
 * calls are assembled from their index-keyed fragments (id and name arrive
 * once, the arguments in pieces), and the finish reason is kept. The loop
 * reads `receivedOutput` when a stream fails, to know whether asking again
 * would repeat something already shown.
 */
export interface StreamedToolCall {
  /** As the model sent it; may be missing with some providers. */
  id: string | undefined;
  name: string;
  argumentsText: string;
}

export class StreamedAnswer {
  readonly #calls = new Map<number, StreamedToolCall>();
  #finishReason: string | undefined;
  #receivedOutput = false;

  constructor(private readonly onText: (delta: string) => void) {}

  add(chunk: ChatCompletionChunk): void {
    for (const choice of chunk.choices ?? []) {
      // Only one completion is asked for (n = 1).
      if (choice.index !== 0) continue;
      const { content, tool_calls: fragments } = choice.delta ?? {};
      if (typeof content === 'string' && content !== '') {
        this.#receivedOutput = true;
        this.onText(content);
      }
      for (const fragment of fragments ?? []) {
        this.#receivedOutput = true;
        const call = this.#calls.get(fragment.index) ?? { id: undefined, name: '', argumentsText: '' };
        if (fragment.id) call.id = fragment.id;
        const name = fragment.function?.name;
        // Most APIs send the name once; some repeat it with every fragment.
        if (name && name !== call.name) call.name += name;
        if (fragment.function?.arguments) call.argumentsText += fragment.function.arguments;
        this.#calls.set(fragment.index, call);
      }
      if (choice.finish_reason) this.#finishReason = choice.finish_reason;
    }
  }

  get receivedOutput(): boolean {
    return this.#receivedOutput;
  }

  /** undefined until the API said why it stopped; a stream that ends without it was cut short. */
  get finishReason(): string | undefined {
    return this.#finishReason;
  }

  /** The calls in index order. */
  toolCalls(): StreamedToolCall[] {
    return [...this.#calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => ({ ...call }));
  }
}
