import { type Static, Type } from 'typebox';
import { ListQueryFields } from '../../shared/schemas.js';

/** Query of every search route: the text, and page-mode pagination. */
export const SearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'Words to find (1..200 characters). Every word must match, each as the start of a word (`intro` finds "Introduction"), ignoring case and accents. Punctuation separates words and has no other meaning.',
      examples: ['intro alg'],
    }),
    page: ListQueryFields.page,
    per_page: ListQueryFields.per_page,
    cursor: Type.Optional(
      Type.String({
        maxLength: 512,
        description: 'Not supported: results come in relevance order, which a cursor cannot hold while the index changes. Any value answers 400 `invalid_parameter`.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;
