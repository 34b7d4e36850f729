// The password policy the forms state in their hints: at least 10 characters, with a letter and
// a digit. Pure and tiny, so the forms can read it without bundling the schemas.
export const PASSWORD_MIN_LENGTH = 10;
