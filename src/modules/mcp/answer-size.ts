/** No answer is larger than this many tokens (contract); estimated as characters / 4. */
export const MAX_ANSWER_TOKENS = 25_000;
export const MAX_ANSWER_CHARS = MAX_ANSWER_TOKENS * 4;
/** Room kept for the answer's other fields and the protocol's envelope. */
const LIST_BUDGET_CHARS = MAX_ANSWER_CHARS - 2_000;

export interface ListAnswer<T> {
  items: T[];
  next_cursor: string | null;
  /** Set when fewer than `limit` items were answered to stay under the answer size. */
  note?: string;
}

/**
 * A list page that fits in one answer: asks for `limit` items, and while their JSON is larger
 * than the budget asks again for half as many (the service makes the cursor that goes on after
 * the last one answered), saying so in `note`.
 */
export async function fittingPage<T>(limit: number, page: (limit: number) => Promise<{ items: T[]; next_cursor: string | null }>): Promise<ListAnswer<T>> {
  let size = limit;
  for (;;) {
    const answer = await page(size);
    if (size === 1 || JSON.stringify(answer.items).length <= LIST_BUDGET_CHARS) {
      if (size === limit) return answer;
      return { ...answer, note: `Answered ${answer.items.length} of the ${limit} asked for, to stay under ${MAX_ANSWER_TOKENS} tokens; pass next_cursor as cursor for the rest.` };
    }
    size = Math.max(1, Math.floor(size / 2));
  }
}
