import { useQuery } from '@apollo/client/react';
import { EventAnswersDocument, EventRegistrationsDocument } from '@/gql/graphql';
import { ListState } from '@/components/ui/list-state';
import { questions as t } from '../strings';

/**
 * The registrants' answers to an event's questions, a column per question (the registrations page).
 * Names come from the registrations list the page has loaded already (the same cached query).
 */
export function EventAnswers({ eventId }: { eventId: string }) {
  const { data, loading, error, refetch } = useQuery(EventAnswersDocument, { variables: { eventId }, fetchPolicy: 'cache-and-network' });
  const people = useQuery(EventRegistrationsDocument, { variables: { eventId }, fetchPolicy: 'cache-first' }).data?.eventRegistrations ?? [];
  const questions = data?.event.questions ?? [];
  if (data && !questions.length) return null;
  const names = new Map(people.map((p) => [p.id, p.name]));
  // Answers in registration order, as the registrations table lists people.
  const order = new Map(people.map((p, i) => [p.id, i]));
  const rows = data ? [...data.eventAnswers].sort((a, b) => (order.get(a.userId) ?? 1e9) - (order.get(b.userId) ?? 1e9)) : undefined;

  return (
    <section className="card" aria-labelledby="answers-title">
      <h3 id="answers-title" className="card-title">
        {t.answers.title}
      </h3>
      <ListState data={rows} loading={loading} error={error} errorMessage={t.answers.loadFailed} onRetry={() => void refetch()} empty={t.answers.empty}>
        {(list) => (
          <div className="table-wrap">
            <table className="table event-answers-table">
              <thead>
                <tr>
                  <th scope="col">{t.answers.person}</th>
                  {questions.map((q) => (
                    <th scope="col" key={q.id}>
                      {q.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.map((r) => {
                  const byQuestion = new Map(r.answers.map((a) => [a.questionId, a.display]));
                  return (
                    <tr key={r.userId}>
                      <td data-label={t.answers.person} className="strong">
                        {names.get(r.userId) ?? t.answers.unknownPerson}
                      </td>
                      {questions.map((q) => (
                        <td key={q.id} data-label={q.label}>
                          {byQuestion.get(q.id) || t.answers.none}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </section>
  );
}
