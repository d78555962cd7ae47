// The user record, for the modules above users (auth signs in and changes accounts, account-data exports them).
export { findUserByEmail, findUserByGoogleSub, findUserById, insertUser, updateUser } from './users.repository.js';
export { toUserData, type UserLike } from './user-data.js';
