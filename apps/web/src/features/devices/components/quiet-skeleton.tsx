import { Skeleton, type SkeletonProps } from 'antd';

/**
 * A loading placeholder that assistive technology does not read: antd's skeleton draws its title
 * bar as an empty h3 and its lines as an empty list, which would break the screen's headings
 * (an h3 under the h1) and be read out as nothing. The section it stands in says it is loading.
 */
export function QuietSkeleton(props: SkeletonProps) {
  return (
    <div aria-hidden="true">
      <Skeleton active {...props} />
    </div>
  );
}
