import { topics, touched } from './change-feed';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { indiaDate, indiaInstant } from '../common/clock';
import { EventEntity, type EventCategoryValue } from '../events/event.entity';
import type { Services } from '../services';
import { TeamMemberEntity } from '../team/team-member.entity';

const ASSETS = path.resolve(__dirname, '../../seed-assets');

function shiftDate(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface DemoEvent {
  days: number;
  time: string;
  title: string;
  category: EventCategoryValue;
  image: string;
  location: string;
  description: string;
  speaker?: string;
  maxParticipants?: number;
  endDays?: number;
  endTime?: string;
  externalLink?: string;
}

/** Demo events are placed relative to the day of seeding: past months, this month and coming months. */
const DEMO_EVENTS: DemoEvent[] = [
  { days: -75, time: '10:00', title: 'Annual Science Exhibition', category: 'secondary', image: 'science-exhibition', location: 'Government Inter College, Civil Lines, Prayagraj', speaker: 'Dr. Meera Srivastava', description: 'Students from classes 6 to 12 presented more than forty working models on clean water, solar energy and farming. Parents, teachers and local scientists visited the stalls and the best projects received scholarships for the coming school year.' },
  { days: -40, time: '09:30', title: 'Free Health Check-up Camp for Families', category: 'general', image: 'health-camp', location: 'Community Hall, Jhunsi, Prayagraj', description: 'Volunteer doctors checked eyesight, height, weight and blood pressure for children and their families, and gave advice on nutrition and hygiene. Over three hundred people were seen in one day.' },
  { days: -18, time: '11:00', title: 'Skills Training for Widows and Women', category: 'general', image: 'women-skills', location: 'Mission Centre, Kareli, Prayagraj', speaker: 'Smt. Kavita Mishra', endDays: -16, endTime: '16:00', description: 'A three-day course in tailoring, basic bookkeeping and opening a bank account, for widows and women from poor families who want to earn a steady income. Every participant received a certificate and a starter kit.' },
  { days: -3, time: '15:00', title: 'Children\u2019s Reading Drive', category: 'primary', image: 'reading-drive', location: 'Public Library, Chowk, Prayagraj', description: 'Volunteers read stories aloud with primary school children and every child took home two books in Hindi and English. Thank you to everyone who donated books.' },
  { days: 0, time: '17:00', title: 'Parents and Teachers Meeting', category: 'primary', image: 'teacher-workshop', location: 'Mission Centre, Kareli, Prayagraj', maxParticipants: 60, description: 'An evening meeting for parents and teachers of the primary programme to discuss each child\u2019s progress, attendance and the support families can give at home.' },
  { days: 6, time: '10:00', title: 'Career Guidance Seminar for Graduates', category: 'graduate', image: 'career-fair', location: 'Hindustani Academy Auditorium, Prayagraj', speaker: 'Prof. Rajesh Tiwari', maxParticipants: 150, endDays: 6, endTime: '14:00', externalLink: 'https://www.ncs.gov.in/', description: 'Guidance on government examinations, private-sector jobs, apprenticeships and higher studies, with a question-and-answer session and help with writing a CV. Open to graduates and final-year students.' },
  { days: 20, time: '09:00', title: 'Inter-School Sports Day', category: 'secondary', image: 'sports-day', location: 'Madan Mohan Malaviya Stadium, Prayagraj', maxParticipants: 300, description: 'Athletics, kabaddi and kho-kho for students of classes 6 to 12 from partner schools. Every team is welcome; water and lunch are provided for registered participants.' },
  { days: 38, time: '11:00', title: 'Digital Literacy Workshop', category: 'graduate', image: 'digital-literacy', location: 'Mission Centre, Kareli, Prayagraj', speaker: 'Ankit Verma', maxParticipants: 40, externalLink: 'https://www.digitalindia.gov.in/', description: 'Hands-on sessions on using e-mail, online forms, digital payments and staying safe online. Bring a phone if you have one; computers are provided for everyone else.' },
  { days: 65, time: '10:30', title: 'Teacher Training Workshop: Joyful Learning', category: 'primary', image: 'teacher-workshop', location: 'District Institute of Education and Training, Prayagraj', speaker: 'Dr. Sunita Pandey', maxParticipants: 80, endDays: 66, endTime: '15:00', description: 'Two days of practical methods for teaching reading and arithmetic through games, songs and activities, for teachers in our primary programme and partner schools.' },
  { days: 95, time: '10:00', title: 'Science Quiz and Model Competition', category: 'secondary', image: 'science-exhibition', location: 'Government Inter College, Civil Lines, Prayagraj', description: 'Teams of three students from classes 6 to 12 compete in a science quiz and present a working model. Prizes and scholarships for the winners.' },
];

const DEMO_TEAM = [
  { name: 'Shri Ramesh Chandra Tripathi', designation: 'President', description: 'Has guided the Samiti for more than two decades, carrying forward the mission begun by its founders in 1971.', links: { facebook: 'https://www.facebook.com/', linkedin: 'https://www.linkedin.com/' } },
  { name: 'Smt. Kavita Mishra', designation: 'Secretary', description: 'Leads the programmes for widows and women from poor families, from skills training to savings groups.', links: { facebook: 'https://www.facebook.com/', twitter: 'https://twitter.com/' } },
  { name: 'Dr. Meera Srivastava', designation: 'Education Coordinator', description: 'A science teacher for thirty years, she plans the curriculum support for students of classes 6 to 12.', links: { linkedin: 'https://www.linkedin.com/' } },
  { name: 'Prof. Rajesh Tiwari', designation: 'Career Guidance Mentor', description: 'Mentors graduates preparing for competitive examinations and their first jobs.', links: { linkedin: 'https://www.linkedin.com/', twitter: 'https://twitter.com/' } },
  { name: 'Dr. Sunita Pandey', designation: 'Primary Programme Lead', description: 'Trains and supports the teachers of our primary programme across Prayagraj district.', links: { facebook: 'https://www.facebook.com/' } },
  { name: 'Ankit Verma', designation: 'Volunteer Lead, Technology', description: 'Runs the digital literacy workshops and looks after this website with a team of student volunteers.', links: { github: 'https://github.com/', linkedin: 'https://www.linkedin.com/' } },
];

/** Seeds demo events and team members into an empty database (nothing happens if events exist). */
export async function seedDemoData(services: Services): Promise<boolean> {
  const { dataSource } = services;
  const events = dataSource.getRepository(EventEntity);
  if ((await events.count()) > 0) return false;
  const today = indiaDate(services.clock.now());
  const imageKeys = new Map<string, string>();
  const imageKey = async (name: string) => {
    if (!imageKeys.has(name)) imageKeys.set(name, await services.images.save(await readFile(path.join(ASSETS, `${name}.jpg`))));
    return imageKeys.get(name)!;
  };
  for (const e of DEMO_EVENTS) {
    const date = shiftDate(today, e.days);
    await events.save(
      events.create({
        title: e.title,
        description: e.description,
        category: e.category,
        date,
        time: e.time,
        endDate: e.endDays !== undefined ? shiftDate(today, e.endDays) : null,
        endTime: e.endTime ?? null,
        startsAt: indiaInstant(date, e.time),
        location: e.location,
        speaker: e.speaker ?? null,
        maxParticipants: e.maxParticipants ?? null,
        externalLink: e.externalLink ?? null,
        imageKey: await imageKey(`event-${e.image}`),
      }),
    );
  }
  const team = dataSource.getRepository(TeamMemberEntity);
  if ((await team.count()) === 0) {
    for (const [i, m] of DEMO_TEAM.entries()) {
      await team.save(team.create({ name: m.name, designation: m.designation, description: m.description, socialLinks: m.links, imageKey: await imageKey(`team-${i + 1}`), createdAt: new Date(Date.now() - (DEMO_TEAM.length - i) * 1000) }));
    }
  }
  // Another API process may already be answering from its cache.
  touched(dataSource.manager, topics.events, topics.team);
  return true;
}
