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
