import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './card';

/** A titled card section of a detail page. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
