/**
 * What the console's list of users reads: the fields its columns show (the name is made from the
 * first and last name, or the email or username). An account in full carries a dozen more fields
 * and four lists, and the server's work for a page grows with every field of every row
 * (bench/large.ts reads the same list).
 */
export const USERS_LIST_FIELDS = ['attributes.firstName', 'attributes.lastName', 'attributes.type', 'email', 'username', 'scopes']
