import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { VerifyCertificateDocument } from '@/gql/graphql';
import { setLanguage } from '@/i18n';
import { gqlError } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import CertificateVerificationPage from './certificate-verification-page';

const CODE = 'ABCD-EFGH-JKLM-NPQR';

const verification = (over: Record<string, unknown> = {}) => ({
  __typename: 'CertificateVerification' as const,
  code: CODE,
  valid: true,
  participantName: 'Asha Verma',
  eventTitle: 'Career Guidance Camp',
  eventPlace: 'Civil Lines, Prayagraj',
  eventDate: '2026-03-15T05:00:00.000Z',
  issuedAt: '2026-03-16T06:00:00.000Z',
  revokedAt: null,
  ...over,
});

function renderCheck(result: object, code = CODE) {
  return renderWithProviders(
    <Routes>
      <Route path="/certificates/:code" element={<CertificateVerificationPage />} />
    </Routes>,
    { route: `/certificates/${code}`, mocks: [{ request: { query: VerifyCertificateDocument, variables: { code } }, result }] },
  );
}

describe('Certificate verification page', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('a valid certificate: valid, for whom, which event and date, when issued', async () => {
    renderCheck({ data: { verifyCertificate: verification() } });
    expect(await screen.findByText('This certificate is valid.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Certificate check' })).toBeInTheDocument();
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('Career Guidance Camp')).toBeInTheDocument();
    expect(screen.getByText('Sunday, 15 March 2026')).toBeInTheDocument();
    expect(screen.getByText('Monday, 16 March 2026')).toBeInTheDocument();
    expect(screen.getByText(CODE)).toBeInTheDocument();
  });

  it('a revoked certificate says clearly that it is no longer valid', async () => {
    renderCheck({ data: { verifyCertificate: verification({ valid: false, revokedAt: '2026-04-01T06:00:00.000Z' }) } });
    const status = await screen.findByText('This certificate was revoked on Wednesday, 1 April 2026 and is no longer valid.');
    expect(status).toHaveTextContent('This certificate was revoked on Wednesday, 1 April 2026 and is no longer valid.');
    expect(status).toHaveClass('alert--error');
    expect(screen.queryByText('This certificate is valid.')).not.toBeInTheDocument();
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
  });

  it('an unknown code: No certificate with this code', async () => {
    renderCheck(gqlError('No certificate with this code', 'NOT_FOUND'), 'ZZZZ-ZZZZ');
    expect(await screen.findByRole('alert')).toHaveTextContent('No certificate with this code.');
  });

  it('rate-limited: try again later', async () => {
    renderCheck(gqlError('Too many requests', 'RATE_LIMITED'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many checks from your connection. Please try again later.');
  });

  it('speaks Hindi', async () => {
    await act(() => setLanguage('hi'));
    renderCheck({ data: { verifyCertificate: verification() } });
    expect(await screen.findByText('यह प्रमाणपत्र मान्य है।')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'प्रमाणपत्र सत्यापन' })).toBeInTheDocument();
  });
});
