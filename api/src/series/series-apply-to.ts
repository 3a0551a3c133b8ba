import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Field, registerEnumType } from 'type-graphql';

/** Which dates of a series an edit changes. */
export enum SeriesApplyTo {
  THIS = 'this',
  FOLLOWING = 'following',
}
registerEnumType(SeriesApplyTo, {
  name: 'SeriesApplyTo',
  description: 'THIS: only this date (the default); FOLLOWING: this date and the later ones of its series, which take the changed fields except their own dates',
});

/** `applyTo` on an event edit: 'this' (default) or 'following'. */
export function SeriesApplyToField(): PropertyDecorator {
  return (target, key) => {
    Field(() => SeriesApplyTo, { nullable: true, description: "In a series: 'this' (the default) or 'following' (this date and the later ones; their own dates stay)" })(target, key);
    Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value ?? undefined))(target, key);
    IsOptional()(target, key);
    IsIn(Object.values(SeriesApplyTo), { message: "Apply to must be 'this' or 'following'" })(target, key);
  };
}
