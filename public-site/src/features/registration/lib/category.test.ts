import { categoryForChoice, programmeChoices } from './category';

describe('categoryForChoice', () => {
  it('maps the three programme choices', () => {
    expect(categoryForChoice('Primary')).toBe('primary');
    expect(categoryForChoice('6th-12th Grade')).toBe('secondary');
    expect(categoryForChoice('Graduates & Above')).toBe('graduate');
  });

  it('falls back to primary for anything else', () => {
    expect(categoryForChoice('graduates & above')).toBe('primary');
    expect(categoryForChoice('Admin')).toBe('primary');
    expect(categoryForChoice('toString')).toBe('primary');
    expect(categoryForChoice('')).toBe('primary');
    expect(categoryForChoice(undefined)).toBe('primary');
    expect(categoryForChoice(null)).toBe('primary');
  });

  it('round-trips the choices the cards use', () => {
    for (const [category, choice] of Object.entries(programmeChoices)) {
      expect(categoryForChoice(choice)).toBe(category);
    }
  });
});
