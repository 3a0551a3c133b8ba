import DataLoader from 'dataloader';
import { defineModule } from '../common/module';
import { CertificateEntity } from './certificate.entity';
import { CertificateEventFieldsResolver, CertificateResolver } from './certificate.resolver';
import { certificateRoutes } from './certificate.rest';
import type { MyCertificateRow } from './certificate.service';

export const certificatesModule = defineModule({
  name: 'certificates',
  entities: [CertificateEntity],
  // Certificates of participation (Event.myCertificate too).
  resolvers: [CertificateResolver, CertificateEventFieldsResolver],
  adminRoutes: certificateRoutes,
  tags: { Certificates: 'Certificates of attendance: issuing, listing, downloading, revoking and the public check of a code.' },
  loaders: (services, viewer) => ({
    /** The viewer's certificate for each event id (null where none was issued to them, or signed out): Event.myCertificate. */
    myCertificate: new DataLoader<string, MyCertificateRow | null>((eventIds) => services.certificates.myCertificates(viewer, eventIds)),
  }),
});
