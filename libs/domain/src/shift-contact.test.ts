import { internationalPhoneDigits, phoneCallLink, whatsAppLink } from './shift-contact';

describe('shift contact links', () => {
  it('puts 55 in front of an area code and number of 10 or 11 digits, whatever the punctuation', () => {
    expect(internationalPhoneDigits('(11) 98765-4321')).toBe('5511987654321');
    expect(internationalPhoneDigits('1133334444')).toBe('551133334444');
    expect(whatsAppLink('11987654321')).toBe('https://wa.me/5511987654321');
    expect(phoneCallLink('11 98765 4321')).toBe('tel:+5511987654321');
  });

  it('keeps a number already written with 55', () => {
    expect(internationalPhoneDigits('+55 11 98765-4321')).toBe('5511987654321');
  });

  it('gives no link for a missing or impossible number', () => {
    for (const phone of [null, undefined, '', '98765-4321', '123456789012345', '441234567890']) {
      expect(whatsAppLink(phone)).toBeNull();
      expect(phoneCallLink(phone)).toBeNull();
    }
  });
});
