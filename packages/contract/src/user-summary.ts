// A user as the replies of other areas name them, in a module of its own: the areas that name users
// (credentials, groups, roles ...) then do not load the users area's forms and their phone-number rule.
import * as z from 'zod/mini';

export const userSummarySchema = z.object({ userId: z.int(), firstname: z.string(), lastname: z.string(), username: z.string() });

/**
 * The same user's id and names with the username second, as the account replies (an account's summary, an
 * account request, a token's owner) send them: a shape to spread, the order being their documented one.
 */
export const accountNamesShape = { userId: z.int(), username: z.string(), firstname: z.string(), lastname: z.string() };
