import type { DataSource } from 'typeorm';
import type { Question } from './question-rules';
import { QuestionSetEntity } from './question-set.entity';
import { EventEntity } from '../events/event.entity';

const option = (value: string, label: string, labelHi: string) => ({ value, label, labelHi });

const DISTRICTS = [
  option('prayagraj', 'Prayagraj', 'प्रयागराज'),
  option('kaushambi', 'Kaushambi', 'कौशाम्बी'),
  option('pratapgarh', 'Pratapgarh', 'प्रतापगढ़'),
  option('fatehpur', 'Fatehpur', 'फ़तेहपुर'),
  option('mirzapur', 'Mirzapur', 'मिर्ज़ापुर'),
  option('bhadohi', 'Bhadohi', 'भदोही'),
  option('varanasi', 'Varanasi', 'वाराणसी'),
  option('jaunpur', 'Jaunpur', 'जौनपुर'),
  option('chitrakoot', 'Chitrakoot', 'चित्रकूट'),
  option('banda', 'Banda', 'बाँदा'),
  option('sultanpur', 'Sultanpur', 'सुल्तानपुर'),
  option('ayodhya', 'Ayodhya', 'अयोध्या'),
  option('lucknow', 'Lucknow', 'लखनऊ'),
  option('kanpur-nagar', 'Kanpur Nagar', 'कानपुर नगर'),
  option('other', 'Another district', 'अन्य ज़िला'),
];

const SUBJECTS = [
  option('hindi', 'Hindi', 'हिंदी'),
  option('english', 'English', 'अंग्रेज़ी'),
  option('maths', 'Mathematics', 'गणित'),
  option('science', 'Science', 'विज्ञान'),
  option('social-studies', 'Social studies', 'सामाजिक विज्ञान'),
  option('evs', 'Environmental studies', 'पर्यावरण अध्ययन'),
  option('sanskrit', 'Sanskrit', 'संस्कृत'),
  option('other', 'Other', 'अन्य'),
];

const CLASSES = Array.from({ length: 12 }, (_, i) => option(`class-${i + 1}`, `Class ${i + 1}`, `कक्षा ${i + 1}`));

/** The demo question set "Teacher details": school, district, subjects, classes taught (English and Hindi). */
export const TEACHER_DETAILS: Question[] = [
  { id: 'school', type: 'text', label: 'School', labelHi: 'विद्यालय', help: 'The full name of the school where you teach', helpHi: 'जिस विद्यालय में आप पढ़ाते हैं, उसका पूरा नाम', required: true, options: [] },
  { id: 'district', type: 'single_choice', label: 'District', labelHi: 'ज़िला', help: '', helpHi: '', required: true, options: DISTRICTS },
  { id: 'subjects', type: 'multiple_choice', label: 'Subjects', labelHi: 'विषय', help: 'Choose every subject you teach', helpHi: 'जो भी विषय आप पढ़ाते हैं, सब चुनें', required: true, options: SUBJECTS },
  { id: 'classes-taught', type: 'multiple_choice', label: 'Classes taught', labelHi: 'पढ़ाई जाने वाली कक्षाएँ', help: '', helpHi: '', required: true, options: CLASSES },
];

/** The demo events that ask "Teacher details" (by English title). */
const ASKING = ['Teacher Training Workshop: Joyful Learning', 'Science Quiz and Model Competition'];

/** Saves the "Teacher details" set and applies it to the demo teachers' events (seed.ts, on an empty database). */
export async function seedQuestionSets(dataSource: DataSource): Promise<void> {
  const sets = dataSource.getRepository(QuestionSetEntity);
  if (!(await sets.exists({ where: { name: 'Teacher details' } }))) await sets.save(sets.create({ name: 'Teacher details', questions: TEACHER_DETAILS }));
  for (const title of ASKING) await dataSource.getRepository(EventEntity).update({ title }, { questions: TEACHER_DETAILS });
}
