import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('news_category')
export class NewsCategoryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
