import { created, route } from '../rest/route';
import { CONTACT_THANKS } from './contact.service';

export const contactRoutes = [
  route('post', '/contact', 'public', async (ctx) => {
    const saved = await ctx.services.contacts.submit(ctx.body);
    return created({ success: true, message: CONTACT_THANKS, data: { _id: saved.id, id: saved.id } });
  }),
];
