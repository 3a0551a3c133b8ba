import { descriptionPreview } from './event-text';

const graphemes = (text: string) => [...new Intl.Segmenter('hi', { granularity: 'grapheme' }).segment(text)].length;

describe('descriptionPreview', () => {
  it('Node has the ICU data to split Hindi into words (full ICU)', () => {
    const words = [...new Intl.Segmenter('hi', { granularity: 'word' }).segment('बच्चों की कहानी')].filter((s) => s.isWordLike);
    expect(words.map((s) => s.segment)).toEqual(['बच्चों', 'की', 'कहानी']);
  });

  it('keeps a short description whole, in both languages', () => {
    expect(descriptionPreview('  Short and sweet.  ', 'en')).toBe('Short and sweet.');
    expect(descriptionPreview('छोटा सा विवरण।', 'hi')).toBe('छोटा सा विवरण।');
  });

  it('cuts English after the last whole word that fits', () => {
    const text = 'Storytelling for children with songs and games in the library garden every Saturday';
    expect(descriptionPreview(text, 'en', 29)).toBe('Storytelling for children...');
    expect(descriptionPreview(text, 'en', 30)).toBe('Storytelling for children with...');
  });

  it('cuts Hindi after a whole word, never inside one or inside a letter', () => {
    const text = 'गर्मी की छुट्टियों में बच्चों की कहानी सुनाने की कार्यशाला, जिसमें गीत और खेल भी होंगे';
    // "…बच्चों की क" is 17 characters (34 UTF-16 units, where the old cut fell).
    const preview = descriptionPreview(text, 'hi', 17);
    expect(preview).toBe('गर्मी की छुट्टियों में बच्चों की...');
    // Cut in the middle of क्षि or a vowel sign: the whole word goes.
    expect(descriptionPreview('शिक्षा प्रशिक्षण', 'hi', 5)).toBe('शिक्षा...');
    for (let length = 1; length < graphemes(text); length += 1) {
      const head = descriptionPreview(text, 'hi', length).replace(/\.\.\.$/, '');
      // Every preview is the text's first words, followed by a space or a comma there.
      expect(text.startsWith(head)).toBe(true);
      expect(graphemes(head)).toBeLessThanOrEqual(length);
      if (head.length < text.length && length >= 3) expect(/[\s,]/.test(text[head.length])).toBe(true);
    }
  });

  it('the default is 150 characters: a longer Hindi text is cut at its last whole word', () => {
    const word = 'शिक्षा';
    const text = Array.from({ length: 60 }, () => word).join(' ');
    const preview = descriptionPreview(text, 'hi');
    expect(preview.endsWith(`${word}...`)).toBe(true);
    expect(graphemes(preview.slice(0, -3))).toBeLessThanOrEqual(150);
  });

  it('a first word longer than the preview is cut between characters', () => {
    expect(descriptionPreview('A'.repeat(170), 'en')).toBe(`${'A'.repeat(150)}...`);
    expect(descriptionPreview('क्षि'.repeat(10), 'hi', 3)).toBe('क्षिक्षिक्षि...');
  });
});
