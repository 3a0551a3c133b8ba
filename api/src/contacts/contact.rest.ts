import { okMessageData, REF_ID } from '../openapi/schema';
import { created, route } from '../rest/route';
import { CONTACT_THANKS } from './contact.service';
import { ContactInput } from './contact.types';

export const contactRoutes = [
  route('post', '/contact', 'public', {
    summary: 'Send a message with the contact form',
    tag: 'Site',
    body: ContactInput,
    response: { status: 201, description: 'Received', schema: okMessageData(REF_ID), example: { success: true, message: CONTACT_THANKS, data: { _id: '3f1c2a9e-8a3b-4c55-9d3e-2b7f1c0d4e5a', id: '3f1c2a9e-8a3b-4c55-9d3e-2b7f1c0d4e5a' } } },
  }, async (ctx) => {
    const saved = await ctx.services.contacts.submit(ctx.body);
    return created({ success: true, message: CONTACT_THANKS, data: { _id: saved.id, id: saved.id } });
  }),
];
