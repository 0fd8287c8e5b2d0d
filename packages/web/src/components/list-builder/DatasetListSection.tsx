// The dataset page's list part (issue 19): the list builder, the add-to-cart control for what is chosen, and
// the masked preview of the selection's first records, all following the selection in the page's URL.

import type { ReactNode } from 'react';
import type { DatasetKitData } from '../../lib/list-builder/dataset-kit.ts';
import { useListSelection } from '../../lib/list-builder/use-list-selection.ts';
import type { SelectionToAdd } from '../../lib/list-builder/list-builder-view.ts';
import { ListBuilder } from './ListBuilder.tsx';
import { MaskedPreview } from '../dataset-kit/MaskedPreview.tsx';

export interface DatasetListSectionProps {
  productId: string;
  kit: DatasetKitData;
  addToCart: (selection: SelectionToAdd | null) => ReactNode;
}

export function DatasetListSection({ productId, kit, addToCart }: DatasetListSectionProps) {
  const state = useListSelection(productId, kit);
  const { counts } = state;
  const toAdd: SelectionToAdd | null = state.canonical
    ? { selection: state.canonical, records: counts && counts.selection === state.canonical ? counts.records : null }
    : null;
  return (
    <>
      {counts ? (
        <ListBuilder
          counts={counts}
          selection={state.selection}
          pending={state.pending}
          failed={state.failed}
          onChange={state.choose}
          action={addToCart(toAdd)}
        />
      ) : (
        // No counts, no builder: the page adds what it shows, the whole dataset.
        addToCart(null)
      )}
      {state.preview ? <MaskedPreview preview={state.preview} /> : null}
    </>
  );
}
