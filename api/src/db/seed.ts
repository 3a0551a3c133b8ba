import { topics, touched } from './change-feed';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { indiaDate, indiaInstant } from '../common/clock';
import { EventEntity, type EventCategoryValue } from '../events/event.entity';
import type { Services } from '../services';
import { TeamMemberEntity } from '../team/team-member.entity';
import { seedDemoSessions } from '../sessions/session-seed';
import { seedQuestionSets } from '../questions/teacher-details.seed';

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
  /** An online (hybrid) event's meeting: shown only to registrants and admins. */
  meetingLink?: string;
  /** The same event as the charity writes it in Hindi. */
  hi: { title: string; location: string; speaker?: string; description: string };
}

/** Demo events are placed relative to the day of seeding: past months, this month and coming months. */
const DEMO_EVENTS: DemoEvent[] = [
  { days: -75, time: '10:00', title: 'Annual Science Exhibition', category: 'secondary', image: 'science-exhibition', location: 'Government Inter College, Civil Lines, Prayagraj', speaker: 'Dr. Meera Srivastava', description: 'Students from classes 6 to 12 presented more than forty working models on clean water, solar energy and farming. Parents, teachers and local scientists visited the stalls and the best projects received scholarships for the coming school year.', hi: { title: 'वार्षिक विज्ञान प्रदर्शनी', location: 'राजकीय इंटर कॉलेज, सिविल लाइंस, प्रयागराज', speaker: 'डॉ. मीरा श्रीवास्तव', description: 'कक्षा 6 से 12 तक के विद्यार्थियों ने स्वच्छ पानी, सौर ऊर्जा और खेती पर चालीस से ज़्यादा कार्यशील मॉडल प्रस्तुत किए। अभिभावकों, शिक्षकों और शहर के वैज्ञानिकों ने स्टॉल देखे, और सबसे अच्छी परियोजनाओं को आने वाले सत्र के लिए छात्रवृत्ति दी गई।' } },
  { days: -40, time: '09:30', title: 'Free Health Check-up Camp for Families', category: 'general', image: 'health-camp', location: 'Community Hall, Jhunsi, Prayagraj', description: 'Volunteer doctors checked eyesight, height, weight and blood pressure for children and their families, and gave advice on nutrition and hygiene. Over three hundred people were seen in one day.', hi: { title: 'परिवारों के लिए निःशुल्क स्वास्थ्य जाँच शिविर', location: 'सामुदायिक भवन, झूंसी, प्रयागराज', description: 'स्वयंसेवी डॉक्टरों ने बच्चों और उनके परिवारों की आँखों, लंबाई, वज़न और रक्तचाप की जाँच की, और पोषण व साफ़-सफ़ाई के बारे में सलाह दी। एक ही दिन में तीन सौ से ज़्यादा लोगों की जाँच हुई।' } },
  { days: -18, time: '11:00', title: 'Skills Training for Widows and Women', category: 'general', image: 'women-skills', location: 'Mission Centre, Kareli, Prayagraj', speaker: 'Smt. Kavita Mishra', endDays: -16, endTime: '16:00', description: 'A three-day course in tailoring, basic bookkeeping and opening a bank account, for widows and women from poor families who want to earn a steady income. Every participant received a certificate and a starter kit.', hi: { title: 'विधवा और ज़रूरतमंद महिलाओं के लिए कौशल प्रशिक्षण', location: 'मिशन केंद्र, करेली, प्रयागराज', speaker: 'श्रीमती कविता मिश्रा', description: 'ग़रीब परिवारों की उन विधवाओं और महिलाओं के लिए तीन दिन का प्रशिक्षण, जो नियमित आमदनी कमाना चाहती हैं: सिलाई, हिसाब-किताब की बुनियादी जानकारी और बैंक खाता खोलना। हर प्रतिभागी को प्रमाणपत्र और शुरुआती किट दी गई।' } },
  { days: -3, time: '15:00', title: 'Children\u2019s Reading Drive', category: 'primary', image: 'reading-drive', location: 'Public Library, Chowk, Prayagraj', description: 'Volunteers read stories aloud with primary school children and every child took home two books in Hindi and English. Thank you to everyone who donated books.', hi: { title: 'बच्चों का पठन अभियान', location: 'सार्वजनिक पुस्तकालय, चौक, प्रयागराज', description: 'स्वयंसेवकों ने प्राथमिक विद्यालय के बच्चों के साथ बैठकर कहानियाँ पढ़ीं, और हर बच्चा हिंदी और अंग्रेज़ी की दो किताबें घर ले गया। किताबें दान करने वाले सभी लोगों का धन्यवाद।' } },
  { days: 0, time: '17:00', title: 'Parents and Teachers Meeting', category: 'primary', image: 'teacher-workshop', location: 'Mission Centre, Kareli, Prayagraj', maxParticipants: 60, description: 'An evening meeting for parents and teachers of the primary programme to discuss each child\u2019s progress, attendance and the support families can give at home.', hi: { title: 'अभिभावक-शिक्षक बैठक', location: 'मिशन केंद्र, करेली, प्रयागराज', description: 'प्राथमिक कार्यक्रम के अभिभावकों और शिक्षकों की शाम की बैठक, जिसमें हर बच्चे की प्रगति और उपस्थिति पर बात होगी, और इस पर भी कि परिवार घर पर बच्चों की कैसे मदद कर सकते हैं।' } },
  { days: 6, time: '10:00', title: 'Career Guidance Seminar for Graduates', category: 'graduate', image: 'career-fair', location: 'Hindustani Academy Auditorium, Prayagraj', speaker: 'Prof. Rajesh Tiwari', maxParticipants: 150, endDays: 6, endTime: '14:00', externalLink: 'https://www.ncs.gov.in/', description: 'Guidance on government examinations, private-sector jobs, apprenticeships and higher studies, with a question-and-answer session and help with writing a CV. Open to graduates and final-year students.', hi: { title: 'स्नातकों के लिए करियर मार्गदर्शन संगोष्ठी', location: 'हिंदुस्तानी एकेडमी सभागार, प्रयागराज', speaker: 'प्रो. राजेश तिवारी', description: 'सरकारी परीक्षाओं, निजी क्षेत्र की नौकरियों, अप्रेंटिसशिप और उच्च शिक्षा पर मार्गदर्शन, साथ में प्रश्नोत्तर सत्र और बायोडाटा लिखने में मदद। स्नातकों और अंतिम वर्ष के विद्यार्थियों के लिए खुला है।' } },
  { days: 20, time: '09:00', title: 'Inter-School Sports Day', category: 'secondary', image: 'sports-day', location: 'Madan Mohan Malaviya Stadium, Prayagraj', maxParticipants: 300, description: 'Athletics, kabaddi and kho-kho for students of classes 6 to 12 from partner schools. Every team is welcome; water and lunch are provided for registered participants.', hi: { title: 'अंतर-विद्यालय खेल दिवस', location: 'मदन मोहन मालवीय स्टेडियम, प्रयागराज', description: 'सहयोगी विद्यालयों के कक्षा 6 से 12 के विद्यार्थियों के लिए दौड़, कबड्डी और खो-खो। हर टीम का स्वागत है; पंजीकरण कराने वाले प्रतिभागियों के लिए पानी और दोपहर के भोजन की व्यवस्था है।' } },
  { days: 38, time: '11:00', title: 'Digital Literacy Workshop', category: 'graduate', image: 'digital-literacy', location: 'Mission Centre, Kareli, Prayagraj', speaker: 'Ankit Verma', maxParticipants: 40, externalLink: 'https://www.digitalindia.gov.in/', meetingLink: 'https://meet.jit.si/gyan-jyoti-digital-literacy', description: 'Hands-on sessions on using e-mail, online forms, digital payments and staying safe online. Bring a phone if you have one; computers are provided for everyone else.', hi: { title: 'डिजिटल साक्षरता कार्यशाला', location: 'मिशन केंद्र, करेली, प्रयागराज', speaker: 'अंकित वर्मा', description: 'ई-मेल, ऑनलाइन फ़ॉर्म और डिजिटल भुगतान का इस्तेमाल, और इंटरनेट पर सुरक्षित रहना — सब कुछ ख़ुद करके सीखिए। अपना फ़ोन हो तो साथ लाइए; बाकी सबके लिए कंप्यूटर की व्यवस्था है।' } },
  { days: 65, time: '10:30', title: 'Teacher Training Workshop: Joyful Learning', category: 'primary', image: 'teacher-workshop', location: 'District Institute of Education and Training, Prayagraj', speaker: 'Dr. Sunita Pandey', maxParticipants: 80, endDays: 69, endTime: '16:00', description: 'Five days (ten sessions) of practical methods for teaching reading and arithmetic through games, songs and activities, for teachers in our primary programme and partner schools.', hi: { title: 'शिक्षक प्रशिक्षण कार्यशाला: खेल-खेल में पढ़ाई', location: 'ज़िला शिक्षा एवं प्रशिक्षण संस्थान (डायट), प्रयागराज', speaker: 'डॉ. सुनीता पांडेय', description: 'हमारे प्राथमिक कार्यक्रम और सहयोगी विद्यालयों के शिक्षकों के लिए पाँच दिन (दस सत्र) की कार्यशाला, जिसमें खेल, गीत और गतिविधियों के ज़रिए पढ़ना और गणित सिखाने के व्यावहारिक तरीके सिखाए जाएँगे।' } },
  { days: 95, time: '10:00', title: 'Science Quiz and Model Competition', category: 'secondary', image: 'science-exhibition', location: 'Government Inter College, Civil Lines, Prayagraj', description: 'Teams of three students from classes 6 to 12 compete in a science quiz and present a working model. Prizes and scholarships for the winners.', hi: { title: 'विज्ञान प्रश्नोत्तरी और मॉडल प्रतियोगिता', location: 'राजकीय इंटर कॉलेज, सिविल लाइंस, प्रयागराज', description: 'कक्षा 6 से 12 के विद्यार्थियों की तीन-तीन सदस्यों वाली टीमें विज्ञान प्रश्नोत्तरी में भाग लेंगी और एक कार्यशील मॉडल प्रस्तुत करेंगी। विजेताओं को पुरस्कार और छात्रवृत्तियाँ दी जाएँगी।' } },
];

const DEMO_TEAM = [
  { name: 'Shri Ramesh Chandra Tripathi', designation: 'President', description: 'Has guided the Samiti for more than two decades, carrying forward the mission begun by its founders in 1971.', links: { facebook: 'https://www.facebook.com/', linkedin: 'https://www.linkedin.com/' }, hi: { name: 'श्री रमेश चंद्र त्रिपाठी', designation: 'अध्यक्ष', description: 'दो दशकों से भी अधिक समय से समिति का मार्गदर्शन कर रहे हैं और 1971 में संस्थापकों द्वारा शुरू किए गए मिशन को आगे बढ़ा रहे हैं।' } },
  { name: 'Smt. Kavita Mishra', designation: 'Secretary', description: 'Leads the programmes for widows and women from poor families, from skills training to savings groups.', links: { facebook: 'https://www.facebook.com/', twitter: 'https://twitter.com/' }, hi: { name: 'श्रीमती कविता मिश्रा', designation: 'सचिव', description: 'विधवाओं और ग़रीब परिवारों की महिलाओं के कार्यक्रमों की अगुवाई करती हैं — कौशल प्रशिक्षण से लेकर बचत समूहों तक।' } },
  { name: 'Dr. Meera Srivastava', designation: 'Education Coordinator', description: 'A science teacher for thirty years, she plans the curriculum support for students of classes 6 to 12.', links: { linkedin: 'https://www.linkedin.com/' }, hi: { name: 'डॉ. मीरा श्रीवास्तव', designation: 'शिक्षा समन्वयक', description: 'तीस वर्षों तक विज्ञान पढ़ा चुकी हैं; कक्षा 6 से 12 के विद्यार्थियों की पढ़ाई में सहायता की योजना वही बनाती हैं।' } },
  { name: 'Prof. Rajesh Tiwari', designation: 'Career Guidance Mentor', description: 'Mentors graduates preparing for competitive examinations and their first jobs.', links: { linkedin: 'https://www.linkedin.com/', twitter: 'https://twitter.com/' }, hi: { name: 'प्रो. राजेश तिवारी', designation: 'करियर मार्गदर्शक', description: 'प्रतियोगी परीक्षाओं और पहली नौकरी की तैयारी कर रहे स्नातकों का मार्गदर्शन करते हैं।' } },
  { name: 'Dr. Sunita Pandey', designation: 'Primary Programme Lead', description: 'Trains and supports the teachers of our primary programme across Prayagraj district.', links: { facebook: 'https://www.facebook.com/' }, hi: { name: 'डॉ. सुनीता पांडेय', designation: 'प्राथमिक कार्यक्रम प्रमुख', description: 'प्रयागराज ज़िले भर में हमारे प्राथमिक कार्यक्रम के शिक्षकों को प्रशिक्षण और सहयोग देती हैं।' } },
  { name: 'Ankit Verma', designation: 'Volunteer Lead, Technology', description: 'Runs the digital literacy workshops and looks after this website with a team of student volunteers.', links: { github: 'https://github.com/', linkedin: 'https://www.linkedin.com/' }, hi: { name: 'अंकित वर्मा', designation: 'स्वयंसेवक प्रमुख, तकनीक', description: 'डिजिटल साक्षरता कार्यशालाएँ चलाते हैं और विद्यार्थी स्वयंसेवकों की टीम के साथ इस वेबसाइट की देखरेख करते हैं।' } },
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
        meetingLink: e.meetingLink ?? null,
        translations: { hi: e.hi },
        imageKey: await imageKey(`event-${e.image}`),
      }),
    );
  }
  await seedDemoSessions(services, today);
  await seedQuestionSets(dataSource);
  const team = dataSource.getRepository(TeamMemberEntity);
  if ((await team.count()) === 0) {
    for (const [i, m] of DEMO_TEAM.entries()) {
      await team.save(team.create({ name: m.name, designation: m.designation, description: m.description, translations: { hi: m.hi }, socialLinks: m.links, imageKey: await imageKey(`team-${i + 1}`), createdAt: new Date(Date.now() - (DEMO_TEAM.length - i) * 1000) }));
    }
  }
  // Another API process may already be answering from its cache.
  touched(dataSource.manager, topics.events, topics.team);
  return true;
}
