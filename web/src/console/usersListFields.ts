/**
 * What the console's list of users reads: the fields its columns show (the name is made from the
 * first and last name, or the email or username). An account in full carries a dozen more fields
 * and four lists; a page of 20 asked for only these is a third of the bytes and half the server's
 * work, on a site of any size (bench/large.ts reads the same).
 */
export const USERS_LIST_FIELDS = ['attributes.firstName', 'attributes.lastName', 'attributes.type', 'email', 'username', 'scopes']
