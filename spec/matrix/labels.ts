/** The labels of the classes every kind of rule derives, written once (field-classes.ts, headers.ts and the table). */
export const CLASS = {
  listedMember: 'a listed member',
  madeUp: 'a look-alike outside the list',
  nearMiss: 'a real code the list does not hold',
  absent: 'absent',
  empty: 'empty',
  oneShort: 'one character short',
  oneDigitOver: 'one digit over',
  oneCharacterOver: 'one character over',
  jsonNumber: 'a JSON number',
  wrongJsonType: 'a wrong JSON type',
  noItems: 'no items',
  everyAnswer: 'every answer that shows it',
  situation: 'the situation it names',
} as const;

/** Signature `algorithm` labels over a valid RSA-SHA256 signature, by class (spec/headers.ts lists the names). */
export const ANOTHER_KEY_TYPE = "another key type's algorithm (hmac-sha256, ecdsa-sha256)";
export const ANOTHER_RSA_DIGEST = 'another RSA digest (rsa-sha512, rsa-sha1)';
export const HS2019 = 'hs2019 (derive it from the key)';

/** Digest algorithm tokens interface.md does not name, by class (spec/headers.ts lists them). */
export const DIGEST_CLASS = {
  otherAlgorithm: 'another algorithm, its value right for it (SHA-384, SHA-224, SHA, MD5, UNIXsum)',
  withoutDash: 'a named algorithm without its dash (SHA256, SHA512)',
} as const;

/** The three readings of Authentication 2 the suites send (suites/signature-headers.suite.ts). */
export const RFC2047 = {
  whole: 'the whole Signature as one RFC 2047 encoded word',
  nonAsciiWhole: 'a keyId naming an issuer with æ, ø and å, the whole value one long encoded word',
  nonAsciiPerValue: 'a keyId naming an issuer with æ, ø and å, only that value as encoded words',
} as const;

export const validSignatureWithout = (header: string): string => `a valid signature whose headers leave out ${header}`;
